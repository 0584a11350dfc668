// A test fixture with the game's drawing kit (a hidden window, atlas, batch,
// text, images and WorldView, built by Renderer as the game builds them).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "TestSupport.h"
#include "app/run/Renderer.h"
#include "app/run/Simulation.h"

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

    // A scene of `script` (by default the demo) played headless to `seconds`, as screenshots play
    // it: pages turn themselves, menus take `choices` and then wait for an answer.
    static std::unique_ptr<Simulation> sceneAt(const std::string& scene, double seconds, std::vector<int> choices = {},
                                               const std::string& script = dataRoot() + "/scripts/Demo.lua") {
        Simulation::Options options;
        options.dataRoot = dataRoot();
        options.scriptPath = script;
        options.headless = true;
        options.choices = std::move(choices);
        options.menusWaitForAnswers = true;
        auto sim = std::make_unique<Simulation>(options);
        std::string error;
        EXPECT_TRUE(sim->startScene(scene, error)) << error;
        while (sim->time() < seconds) sim->tick();
        return sim;
    }
};

}  // namespace stagehand::test
