// A test fixture with the game's drawing kit (a hidden window, atlas, batch,
// text, images and WorldView, built by Renderer as the game builds them).
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "TestSupport.h"
#include "app/run/Renderer.h"

namespace stagehand::test {

template <int Width, int Height>
struct RenderFixture : ::testing::Test {
    std::unique_ptr<Renderer> renderer;
    GlyphAtlas* atlas = nullptr;
    Batch2D* batch = nullptr;
    TextRenderer* text = nullptr;
    WorldView* view = nullptr;

    void SetUp() override {
        renderer = std::make_unique<Renderer>(WindowOptions{"test", Width, Height, true, false}, dataRoot());
        atlas = &renderer->atlas;
        batch = &renderer->batch;
        text = &renderer->text;
        view = &renderer->view;
    }
    void TearDown() override { renderer.reset(); }
};

}  // namespace stagehand::test
