// The drawing side of the program, for the window and screenshots.
#pragma once

#include <string>

#include "platform/Portable.h"
#include "platform/Window.h"
#include "render/Batch2D.h"
#include "render/GlyphAtlas.h"
#include "render/ImageCache.h"
#include "render/TextRenderer.h"
#include "view/WorldView.h"

namespace stagehand {

// Everything the window needs to draw, built in order and torn down in reverse.
struct Renderer {
    Window window;
    GlyphAtlas atlas;
    ImageCache images;
    Batch2D batch;
    TextRenderer text{atlas, batch};
    WorldView view{atlas, batch, text, images};

    Renderer(const WindowOptions& options, const std::string& dataRoot)
        : window(options),
          atlas(joinPath(dataRoot, "assets/fonts")),
          images(pathFromUtf8(joinPath(dataRoot, "assets/images"))) {
        batch.setWhiteTexel(atlas.whiteTexture(), atlas.whiteTexel());
    }
};

inline void clearScreen() {
    glClearColor(0.04f, 0.05f, 0.07f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

}  // namespace stagehand
