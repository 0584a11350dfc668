// The drawing kit: the window, the glyph atlas, the batch, text, images and the
// world view, built in order, for the window, screenshots and the overflow report.
#pragma once

#include <string>

#include "app/run/RunSetup.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"
#include "platform/Window.h"
#include "render/Batch2D.h"
#include "render/GlyphAtlas.h"
#include "render/ImageCache.h"
#include "render/TextRenderer.h"
#include "view/WorldView.h"

namespace stagehand {

// Everything the window needs to draw, built in order and torn down in reverse.
struct DrawingKit {
    Window window;
    GlyphAtlas atlas;
    ImageCache images;
    Batch2D batch;
    TextRenderer text{atlas, batch};
    WorldView view{atlas, batch, text, images};

    // The engine's own pictures and fonts alone (tests, benches).
    DrawingKit(const WindowOptions& options, const std::string& dataRoot)
        : window(options), atlas(joinPath(dataRoot, "assets/fonts")), images({joinPath(dataRoot, "assets/images")}) {
        batch.setWhiteTexel(atlas.whiteTexture(), atlas.whiteTexel());
    }
    // Pictures and fonts as the game folder's rule finds them (platform/GameFolder.h).
    explicit DrawingKit(const WindowOptions& options, const Setup& setup)
        : window(options),
          atlas(joinPath(setup.dataRoot, "assets/fonts"), GlyphAtlas::kPageSize, {setup.fontFile, setup.boldFontFile}),
          images(setup.files ? setup.files->pictures()
                             : FileIndex(AssetKind::Images,
                                         assetFolders(AssetKind::Images, setup.scriptPath, setup.dataRoot))) {
        batch.setWhiteTexel(atlas.whiteTexture(), atlas.whiteTexel());
    }
};

inline void clearScreen() {
    glClearColor(0.04f, 0.05f, 0.07f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

}  // namespace stagehand
