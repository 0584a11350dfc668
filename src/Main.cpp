// Stagehand: cutscenes and dialogue written as Lua coroutines.
//
// main() reads top-down: parse the command line, find the data folder and the
// game (platform/GameFolder.h), then run one mode (list scenes, check, explore,
// headless transcript, timeline, screenshot, a new game, or the window, in WindowGame.cpp).
// Exit status: 0 clean, 1 a script error was reported, 2 bad usage or input
// that could not be loaded.

#include <fstream>
#include <iostream>

#include "app/author/Explorer.h"
#include "app/author/GameCheck.h"
#include "app/author/GamePackage.h"
#include "app/author/NewGame.h"
#include "app/author/OverflowReport.h"
#include "app/author/StringTableTools.h"
#include "app/author/TimelineReport.h"
#include "app/run/DrawingKit.h"
#include "app/run/RunSetup.h"
#include "app/window/WindowGame.h"
#include "audio/Mixer.h"
#include "audio/WavFile.h"
#include "platform/Portable.h"
#include "render/ImageFiles.h"
#include "render/OffscreenTarget.h"
#include "render/ViewLayout.h"

using namespace stagehand;

namespace {

int listScenes(const Setup& setup) {
    auto sim = loadSimulation(setup, nullptr, true);
    for (const auto& scene : sim->scenes())
        std::cout << scene.name << (scene.title.empty() ? "" : "\t" + scene.title) << '\n';
    return kExitOk;
}

// --check: load the script (exit 2 if it cannot be), then report likely
// mistakes in its text and the maps that did not load, one line each; exit 1 if there are any (hints too),
// unless --warn-only asks for the report alone.
int runCheck(const Setup& setup) {
    auto findings = checkFindings(setup);
    for (const auto& line : findings) std::cout << line << '\n';
    return findings.empty() || setup.cmd.warnOnly ? kExitOk : kExitScriptError;
}

int runHeadless(const Setup& setup) {
    bool json = setup.cmd.json;
    auto sim = loadSimulation(
        setup,
        [json](const TranscriptEvent& e) {
            std::cout << (json ? Transcript::formatJson(e) : Transcript::formatText(e)) << '\n';
        },
        true);
    std::string scene, error;
    if (!chooseScene(*sim, setup.cmd, scene, error)) return fail(error, kExitBadInput);
    if (setup.input) sim->replay(*setup.input);
    runToTheEnd(*sim, setup);
    if (stopRequested()) std::cerr << "stagehand: stopped by a signal at " << sim->time() << " s\n";
    if (!sim->isSceneOver()) sim->tellPossibleHangs();
    std::cout.flush();
    if (!setup.cmd.audioPath.empty() &&
        !writeWav(setup.cmd.audioPath, renderCues(sim->world().soundtrack().cues(), sim->time()), error))
        return fail(error, kExitBadInput);
    const bool lost = !setupProblems(setup).empty() || !sim->world().maps().failures.empty();
    return sim->host().errorCount() > 0 || sim->isStuck() || lost ? kExitScriptError : kExitOk;
}

// --timeline: the headless run, drawn as an HTML page of its processes.
int runTimeline(const Setup& setup) {
    auto sim = loadSimulation(setup, nullptr, true);
    std::string scene, error;
    if (!chooseScene(*sim, setup.cmd, scene, error)) return fail(error, kExitBadInput);
    if (setup.input) sim->replay(*setup.input);
    runToTheEnd(*sim, setup);
    TimelineSummary summary;
    std::string html = timelineHtml(sim->transcript().events(), "Stagehand timeline: " + scene, &summary);
    std::ofstream out(pathFromUtf8(setup.cmd.timelinePath), std::ios::binary | std::ios::trunc);
    out << html;
    if (!out.flush()) return fail("cannot write " + setup.cmd.timelinePath, kExitBadInput);
    std::cout << "wrote " << setup.cmd.timelinePath << " (scene " << scene << ", " << summary.processes
              << " processes, " << summary.arrows << " signal wake-ups, " << summary.seconds << " s)\n";
    return sim->host().errorCount() > 0 || sim->isStuck() ? kExitScriptError : kExitOk;
}

int runScreenshot(const Setup& setup) {
    const CommandLine& cmd = setup.cmd;
    DrawingKit kit(WindowOptions{"Stagehand", cmd.width, cmd.height, true, false}, setup);
    auto sim = loadSimulation(setup, nullptr, true);
    std::string scene, error;
    if (!chooseScene(*sim, cmd, scene, error)) return fail(error, kExitBadInput);
    if (setup.input) sim->replay(*setup.input);
    while (sim->time() + 1e-9 < cmd.at && !stopRequested()) sim->tick();

    OffscreenTarget target(cmd.width, cmd.height);
    target.bind();
    clearScreen();
    ViewLayout layout = ViewLayout::fit(cmd.width, cmd.height);
    layout.applyViewport();
    ViewOverlay overlay;
    overlay.sceneOver = sim->isSceneOver();  // what the window shows then: the card with the way back
    kit.view.draw(sim->world(), layout, overlay);
    auto pixels = target.readRgb();
    OffscreenTarget::unbind();
    if (!savePng(cmd.screenshotPath, cmd.width, cmd.height, pixels, error)) return fail(error, kExitBadInput);
    std::cout << "wrote " << cmd.screenshotPath << " (" << cmd.width << "x" << cmd.height << ", scene " << scene
              << " at " << cmd.at << " s)\n";
    return sim->host().errorCount() > 0 ? kExitScriptError : kExitOk;
}

// The window mode where a player could see it; with no display, one line
// naming what works instead (and exit 2, before anything is loaded).
int runWindowIfVisible(const Setup& setup) {
    std::string problem = displayProblem(/*keepForTheWindow=*/true);
    if (!problem.empty())
        return fail("cannot open the window: " + problem +
                        ". Without a display, use --headless, --screenshot OUT.png --at T or --timeline OUT.html, "
                        "or run the window under xvfb-run",
                    kExitBadInput);
    return runWindow(setup);
}

}  // namespace

int main(int argc, char** argv) {
    useBinaryStandardStreams();
    // 1. The command line.
    Setup setup;
    std::string error;
    if (!parseCommandLine(argc, argv, setup.cmd, error)) {
        std::cerr << "stagehand: " << error << "\n" << usageText();
        return kExitBadInput;
    }
    if (setup.cmd.mode == CommandLine::Mode::Help) {
        std::cout << usageText();
        return kExitOk;
    }

    installStopSignals();

    // 2. The data folder and the script.
    setup.dataRoot = locateDataRoot(error);
    if (setup.dataRoot.empty()) return fail(error, kExitBadInput);
    if (!completeSetup(setup, error)) return fail(error, kExitBadInput);

    // 3. The mode. Load errors are exit 2; platform and GL failures are reported too.
    try {
        switch (setup.cmd.mode) {
            case CommandLine::Mode::ListScenes: return listScenes(setup);
            case CommandLine::Mode::Check: return runCheck(setup);
            case CommandLine::Mode::Explore: return runExplore(setup);
            case CommandLine::Mode::Strings: return runStrings(setup);
            case CommandLine::Mode::OverflowReport: return runOverflowReport(setup);
            case CommandLine::Mode::Headless: return runHeadless(setup);
            case CommandLine::Mode::Screenshot: return runScreenshot(setup);
            case CommandLine::Mode::Timeline: return runTimeline(setup);
            case CommandLine::Mode::Window: return runWindowIfVisible(setup);
            case CommandLine::Mode::NewGame: return runNewGame(setup);
            case CommandLine::Mode::Package: return runPackage(setup);
            case CommandLine::Mode::Help: break;
        }
    } catch (const LoadError& e) {
        return fail(e.what(), kExitBadInput);
    } catch (const std::exception& e) {
        return fail(e.what(), kExitBadInput);
    }
    return kExitOk;
}
