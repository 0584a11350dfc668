// A test fixture with the game's drawing kit (a hidden window, atlas, batch,
// text, images and WorldView, built by DrawingKit as the game builds them).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "TestSupport.h"
#include "app/run/DrawingKit.h"
#include "app/run/Simulation.h"

namespace stagehand::test {

template <int Width, int Height>
struct RenderFixture : ::testing::Test {
    std::unique_ptr<DrawingKit> kit;
    GlyphAtlas* atlas = nullptr;
    Batch2D* batch = nullptr;
    TextRenderer* text = nullptr;
    WorldView* view = nullptr;

    void SetUp() override {
        kit = std::make_unique<DrawingKit>(WindowOptions{"test", Width, Height, true, false}, dataRoot());
        atlas = &kit->atlas;
        batch = &kit->batch;
        text = &kit->text;
        view = &kit->view;
    }
    void TearDown() override { kit.reset(); }

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
