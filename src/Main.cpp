// Stagehand: cutscenes and dialogue written as Lua coroutines.
//
// main() reads top-down: parse the command line, find the data folder, then
// run one mode (list scenes, headless transcript, screenshot, or the window).
// Exit status: 0 clean, 1 a script error was reported, 2 bad usage or input
// that could not be loaded.

#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "CommandLine.h"
#include "FrameClock.h"
#include "PauseMenu.h"
#include "PlayInput.h"
#include "PlaySession.h"
#include "PlayerSettings.h"
#include "SceneMenu.h"
#include "Simulation.h"
#include "TimelineReport.h"
#include "game/WorldView.h"
#include "platform/Portable.h"
#include "platform/Window.h"
#include "render/Batch2D.h"
#include "render/GlyphAtlas.h"
#include "render/ImageCache.h"
#include "render/ImageFiles.h"
#include "render/OffscreenTarget.h"
#include "render/TextRenderer.h"
#include "render/ViewLayout.h"

using namespace stagehand;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitScriptError = 1;
constexpr int kExitBadInput = 2;

int fail(const std::string& message, int code) {
    std::cerr << "stagehand: " << message << '\n';
    return code;
}

struct Setup {
    CommandLine cmd;
    std::string dataRoot;
    std::string scriptPath;
    std::optional<InputLog> input;  // --replay or --load: the player's recorded input
    std::uint64_t resumeAt = 0;     // --load: the tick the save was made at
};

// The setup of a saved run: its scene, seed, flags and input.
Setup withSave(Setup setup, const InputLog& save) {
    setup.cmd.scene = save.scene;
    setup.cmd.seed = save.hasSeed ? save.seed : setup.cmd.seed;
    setup.cmd.flags = save.flags;
    setup.input = save;
    setup.resumeAt = save.at;
    return setup;
}

// Where F5 saves and F9 loads: the per-user folder SDL gives the game.
std::string quicksavePath() {
    char* folder = SDL_GetPrefPath("Stagehand", "stagehand");
    std::string path = folder ? std::string(folder) + "quicksave.txt" : "stagehand-quicksave.txt";
    SDL_free(folder);
    return path;
}

// The `flags` every run starts with: --flag NAME=VALUE, where true and false
// are booleans, a number is a number and anything else a string.
std::map<std::string, ScriptValue> startingFlags(const CommandLine& cmd) {
    std::map<std::string, ScriptValue> flags;
    for (const auto& [name, text] : cmd.flags) {
        double number = 0;
        if (text == "true" || text == "false")
            flags[name] = ScriptValue::of(text == "true");
        else if (parseFiniteNumber(text, number))
            flags[name] = ScriptValue::of(number);
        else
            flags[name] = ScriptValue::of(text);
    }
    return flags;
}

// Headless runs and screenshots have no player: pages turn once typed and
// menus take the --choose answers, so they are deterministic (a replay is a
// player). A screenshot may show a menu: one with no --choose answer left
// stays open. Headless runs count the watchdog's budget in VM instructions,
// so a runaway script is stopped at the same line on every run and machine.
Simulation::Options makeOptions(const Setup& setup, Transcript::Sink sink, bool headless) {
    Simulation::Options options;
    options.dataRoot = setup.dataRoot;
    options.scriptPath = setup.scriptPath;
    options.seed = setup.cmd.seed;
    options.sink = std::move(sink);
    options.headless = headless && !setup.input;
    options.choices = setup.cmd.choices;
    options.menusWaitForAnswers = setup.cmd.mode == CommandLine::Mode::Screenshot;
    options.limits.watchdogSeconds = setup.cmd.watchdogSeconds;
    options.limits.deterministic = setup.cmd.mode != CommandLine::Mode::Window;
    options.limits.memoryBytes = static_cast<std::size_t>(setup.cmd.memoryLimitMb * 1024 * 1024);
    options.flags = startingFlags(setup.cmd);
    // The window keeps no mechanics: a long session would hold every wait.
    options.mechanics = setup.cmd.mode != CommandLine::Mode::Window;
    return options;
}

std::unique_ptr<Simulation> loadSimulation(const Setup& setup, Transcript::Sink sink, bool headless) {
    return std::make_unique<Simulation>(makeOptions(setup, std::move(sink), headless));
}

// --replay FILE: its header gives the scene, seed and flags the command line
// leaves out. Returns false with a "FILE:LINE: ..." error.
bool readReplay(Setup& setup, std::string& error) {
    if (setup.cmd.replayPath.empty()) return true;
    std::ifstream in(pathFromUtf8(setup.cmd.replayPath), std::ios::binary);
    if (!in) {
        error = "cannot open " + setup.cmd.replayPath;
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    InputLog log;
    if (!InputLog::parse(text.str(), setup.cmd.replayPath, log, error)) return false;
    if (setup.cmd.scene.empty()) setup.cmd.scene = log.scene;
    if (!setup.cmd.seedGiven && log.hasSeed) setup.cmd.seed = log.seed;
    setup.cmd.flags.insert(setup.cmd.flags.begin(), log.flags.begin(), log.flags.end());
    setup.input = std::move(log);
    return true;
}

// SIGINT and SIGTERM stop any script at its next hook and end the run with
// the transcript flushed.
extern "C" void onStopSignal(int) {
    LuaState::requestInterrupt();
}

bool stopRequested() {
    return LuaState::interruptRequested();
}

// The scene named on the command line, or the script's first.
bool chooseScene(Simulation& sim, const CommandLine& cmd, std::string& scene, std::string& error) {
    scene = cmd.scene;
    if (scene.empty() && sim.isTopLevelScript()) scene = Simulation::kTopLevelScene;
    if (scene.empty()) {
        auto scenes = sim.scenes();
        if (scenes.empty()) {
            error = "the script defines no scenes (global functions or a SCENES list)";
            return false;
        }
        scene = scenes.front().name;
    }
    return sim.startScene(scene, error);
}

int listScenes(const Setup& setup) {
    auto sim = loadSimulation(setup, nullptr, true);
    for (const auto& scene : sim->scenes())
        std::cout << scene.name << (scene.title.empty() ? "" : "\t" + scene.title) << '\n';
    return kExitOk;
}

// --check: load the script (exit 2 if it cannot be), then report likely
// mistakes in its text, one line each; exit 1 if there are any.
int runCheck(const Setup& setup) {
    auto sim = loadSimulation(setup, nullptr, true);
    auto findings = sim->host().check(setup.scriptPath);
    for (const auto& line : findings) std::cout << line << '\n';
    return findings.empty() ? kExitOk : kExitScriptError;
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
    auto ticks = static_cast<long>(setup.cmd.seconds / Simulation::kTickSeconds + 0.5);
    for (long i = 0; i < ticks && !sim->isSceneOver() && !sim->isStuck() && !stopRequested(); ++i) sim->tick();
    if (stopRequested()) std::cerr << "stagehand: stopped by a signal at " << sim->time() << " s\n";
    if (!sim->isSceneOver())
        for (const auto& line : sim->suspectedStuckLines()) std::cerr << "note: " << line << '\n';
    std::cout.flush();
    return sim->host().errorCount() > 0 || sim->isStuck() ? kExitScriptError : kExitOk;
}

// --timeline: the headless run, drawn as an HTML page of its processes.
int runTimeline(const Setup& setup) {
    auto sim = loadSimulation(setup, nullptr, true);
    std::string scene, error;
    if (!chooseScene(*sim, setup.cmd, scene, error)) return fail(error, kExitBadInput);
    if (setup.input) sim->replay(*setup.input);
    auto ticks = static_cast<long>(setup.cmd.seconds / Simulation::kTickSeconds + 0.5);
    for (long i = 0; i < ticks && !sim->isSceneOver() && !sim->isStuck() && !stopRequested(); ++i) sim->tick();
    TimelineSummary summary;
    std::string html = timelineHtml(sim->transcript().events(), "Stagehand timeline: " + scene, &summary);
    std::ofstream out(pathFromUtf8(setup.cmd.timelinePath), std::ios::binary | std::ios::trunc);
    out << html;
    if (!out.flush()) return fail("cannot write " + setup.cmd.timelinePath, kExitBadInput);
    std::cout << "wrote " << setup.cmd.timelinePath << " (scene " << scene << ", " << summary.processes
              << " processes, " << summary.arrows << " signal wake-ups, " << summary.seconds << " s)\n";
    return sim->host().errorCount() > 0 || sim->isStuck() ? kExitScriptError : kExitOk;
}

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

void clearScreen() {
    glClearColor(0.04f, 0.05f, 0.07f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

int runScreenshot(const Setup& setup) {
    const CommandLine& cmd = setup.cmd;
    Renderer renderer(WindowOptions{"Stagehand", cmd.width, cmd.height, true, false}, setup.dataRoot);
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
    renderer.view.draw(sim->world(), layout, {});
    auto pixels = target.readRgb();
    OffscreenTarget::unbind();
    if (!savePng(cmd.screenshotPath, cmd.width, cmd.height, pixels, error)) return fail(error, kExitBadInput);
    std::cout << "wrote " << cmd.screenshotPath << " (" << cmd.width << "x" << cmd.height << ", scene " << scene
              << " at " << cmd.at << " s)\n";
    return sim->host().errorCount() > 0 ? kExitScriptError : kExitOk;
}

// H or the mouse wheel up opens the history of lines and choices.
bool isHistoryKey(const InputEvent& event) {
    return (event.kind == InputKind::KeyDown && event.key == SDLK_h) ||
           (event.kind == InputKind::Wheel && event.key > 0);
}

// While the history is shown: scroll it, or close it with H or Escape.
void historyInput(const InputEvent& event, bool& shown, int& scroll) {
    if (!shown) {
        shown = true;
        scroll = 0;
        return;
    }
    int back = 0;
    if (event.kind == InputKind::Wheel) back = event.key;
    if (event.kind == InputKind::KeyDown) {
        if (event.key == SDLK_h || event.key == SDLK_ESCAPE) shown = false;
        if (event.key == SDLK_UP || event.key == SDLK_w) back = 1;
        if (event.key == SDLK_DOWN || event.key == SDLK_s) back = -1;
    }
    scroll = std::max(0, scroll + back);
}

// P pauses the scene, . steps one tick, [ and ] halve and double its speed.
bool playbackKey(int key, Playback& playback) {
    switch (key) {
        case SDLK_p: playback.togglePause(); return true;
        case SDLK_PERIOD: playback.step(); return true;
        case SDLK_LEFTBRACKET: playback.slower(); return true;
        case SDLK_RIGHTBRACKET: playback.faster(); return true;
        default: return false;
    }
}

int runWindow(const Setup& setup) {
    // The player's settings from last time; a damaged file costs one line.
    std::string settingsPath = PlayerSettings::defaultPath(), warning;
    PlayerSettings settings = PlayerSettings::load(settingsPath, warning);
    if (!warning.empty()) std::cerr << "stagehand: " << warning << '\n';
    WindowOptions windowOptions{"Stagehand", settings.width, settings.height, false, settings.fullscreen};
    if (setup.cmd.sizeGiven) windowOptions.width = setup.cmd.width, windowOptions.height = setup.cmd.height;
    Renderer renderer(windowOptions, setup.dataRoot);
    std::unique_ptr<PlaySession> session;  // the scene being played: recording, hot reload
    std::unique_ptr<SceneMenu> menu;
    std::string sceneTitle;
    bool showInspector = false;
    bool showHistory = false;  // the lines and choices so far (H or the wheel); the scene waits meanwhile
    int historyScroll = 0;
    PlayInput playInput;
    playInput.restore(settings.textSpeed, settings.autoAdvance, settings.autoAdvanceWait);
    bool paused = false;  // the pause overlay is open; the scene does not run
    PauseMenu pauseMenu;
    bool padUsedLast = false;

    // A script that cannot be loaded (a syntax error after an edit) never
    // closes the window: the error is reported and the menu stays.
    auto play = [&](const std::string& name, const std::string& title, const Setup& from) {
        std::string error;
        InputLog input = from.input.value_or(InputLog{});
        input.flags = from.cmd.flags;
        session = std::make_unique<PlaySession>(makeOptions(from, nullptr, false), from.cmd.recordPath, input);
        if (session->start(name, error, from.resumeAt)) {
            sceneTitle = title.empty() ? name : title;
            menu.reset();
            return;
        }
        std::cerr << "stagehand: " << error << '\n';
        if (menu) menu->setMessage(error);
        session.reset();
    };
    bool topLevelScript = false;
    auto openMenu = [&]() {
        std::vector<SceneInfo> scenes;
        std::string problem;
        try {
            auto lister = loadSimulation(setup, nullptr, false);
            scenes = lister->scenes();
            topLevelScript = lister->isTopLevelScript();
        } catch (const LoadError& e) {
            problem = e.what();
            std::cerr << "stagehand: " << problem << '\n';
        }
        menu = std::make_unique<SceneMenu>(scenes);
        menu->setMessage(problem);
        session.reset();
    };
    if (setup.cmd.scene.empty()) openMenu();
    if (!setup.cmd.scene.empty() || topLevelScript)
        play(topLevelScript ? Simulation::kTopLevelScene : setup.cmd.scene, "", setup);
    if (!session && !menu) return kExitBadInput;

    FrameClock clock(Simulation::kTickSeconds);
    Playback playback;
    ScriptWatcher menuWatcher(setup.scriptPath, setup.dataRoot);
    double last = Window::seconds();
    for (bool running = true; running && !stopRequested();) {
        // Input.
        int drawW = 0, drawH = 0;
        renderer.window.drawableSize(drawW, drawH);
        ViewLayout layout = ViewLayout::fit(drawW, drawH);
        double now = Window::seconds();
        if (session) session->reloadIfChanged(now);
        std::string changed;
        if (menu && menuWatcher.poll(now, changed)) openMenu();  // the scene list of the script just saved
        Simulation* sim = session ? &session->simulation() : nullptr;
        for (const auto& event : renderer.window.pollInput()) {
            if (event.kind == InputKind::Quit) running = false;
            if (event.kind == InputKind::KeyDown || event.kind == InputKind::MouseDown) padUsedLast = event.fromPad;
            if (event.kind == InputKind::PadAdded || event.kind == InputKind::PadRemoved) {
                if (sim)
                    sim->world().showNotice(event.kind == InputKind::PadAdded ? "controller connected"
                                                                              : "controller disconnected");
                continue;
            }
            if (menu) {
                auto action = menu->handle(event, layout);
                if (action == SceneMenu::Action::Quit) running = false;
                if (action == SceneMenu::Action::Play) play(menu->selected().name, menu->selected().title, setup);
                sim = session ? &session->simulation() : nullptr;
            } else if (showHistory || isHistoryKey(event)) {
                historyInput(event, showHistory, historyScroll);
                if (sim)
                    historyScroll =
                        std::min(historyScroll, std::max(0, static_cast<int>(sim->world().history().size()) - 1));
            } else if (paused) {
                switch (pauseMenu.handle(event, layout, settings)) {
                    case PauseMenu::Action::Resume: paused = false; break;
                    case PauseMenu::Action::SettingsChanged:
                        playInput.restore(settings.textSpeed, settings.autoAdvance, settings.autoAdvanceWait);
                        break;
                    case PauseMenu::Action::ToggleFullscreen:
                        renderer.window.toggleFullscreen();
                        settings.fullscreen = renderer.window.isFullscreen();
                        break;
                    case PauseMenu::Action::SceneMenu:
                        paused = false;
                        openMenu();
                        sim = nullptr;
                        break;
                    case PauseMenu::Action::Quit: running = false; break;
                    case PauseMenu::Action::None: break;
                }
            } else if (event.kind == InputKind::KeyDown && (event.key == SDLK_ESCAPE || event.key == kKeyPause)) {
                settings.textSpeed = playInput.speedIndex();  // F2 and F3 may have changed them
                settings.autoAdvance = playInput.autoAdvance();
                settings.fullscreen = renderer.window.isFullscreen();
                pauseMenu = PauseMenu{};
                paused = true;
            } else if (event.kind == InputKind::KeyDown && event.key == SDLK_F1) {
                showInspector = !showInspector;
            } else if (event.kind == InputKind::KeyDown && event.key == SDLK_BACKSPACE && sim) {
                sim->world().dismissError();
            } else if (event.kind == InputKind::KeyDown && event.key == SDLK_F5 && session) {
                std::string error, path = quicksavePath();
                if (session->save(path, error)) {
                    sim->world().showNotice("saved (F9 loads it)");
                    std::cerr << "stagehand: saved " << path << '\n';
                } else {
                    sim->world().showError(error);
                }
            } else if (event.kind == InputKind::KeyDown && event.key == SDLK_F9) {
                InputLog save;
                std::string error;
                if (PlaySession::readSave(quicksavePath(), setup.scriptPath, save, error)) {
                    play(save.scene, "", withSave(setup, save));
                    sim = session ? &session->simulation() : nullptr;
                } else {
                    std::cerr << "stagehand: " << error << '\n';
                    if (sim) sim->world().showError(error);
                }
            } else if (event.kind == InputKind::KeyDown && playbackKey(event.key, playback)) {
            } else if (sim) {
                playInput.handle(event, sim->world(), [&](float x, float y) {
                    return renderer.view.menuOptionAt(layout.toViewX(x), layout.toViewY(y));
                });
            }
        }
        if (sim) playInput.applyHeld(renderer.window.heldKeys(), sim->world());

        // Simulation: fixed ticks; a long frame is clamped.
        now = Window::seconds();
        // Reading back or the pause overlay holds the whole scene: its processes and the world.
        int ticks = playback.ticksFor(clock, showHistory || paused ? 0 : now - last);
        last = now;
        for (int i = 0; sim && i < ticks; ++i) sim->tick();

        // Rendering.
        glViewport(0, 0, drawW, drawH);
        clearScreen();
        layout.applyViewport();
        if (menu) {
            menu->setPadHints(padUsedLast);
            menu->draw(renderer.batch, renderer.text, layout);
        } else if (sim) {
            std::vector<ProcessInfo> processes;
            if (showInspector) processes = sim->host().processes();
            std::string title = playback.label().empty() ? sceneTitle : sceneTitle + "  \u00B7  " + playback.label();
            ViewOverlay overlay{title, playInput.hint(), showInspector ? &processes : nullptr, showHistory,
                                historyScroll};
            overlay.textScale = kTextSizes[settings.textSize].factor;
            overlay.padHints = padUsedLast;
            overlay.paused = paused;
            renderer.view.draw(sim->world(), layout, overlay);
            if (paused) pauseMenu.draw(renderer.batch, renderer.text, layout, settings, padUsedLast);
        }
        renderer.window.swap();
    }

    settings.textSpeed = playInput.speedIndex();
    settings.autoAdvance = playInput.autoAdvance();
    settings.fullscreen = renderer.window.isFullscreen();
    if (!settings.fullscreen) renderer.window.windowSize(settings.width, settings.height);
    if (!settingsPath.empty() && !settings.save(settingsPath))
        std::cerr << "stagehand: cannot save the settings to " << settingsPath << '\n';
    return kExitOk;
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

    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);

    // 2. The data folder and the script.
    setup.dataRoot = locateDataRoot(error);
    if (setup.dataRoot.empty()) return fail(error, kExitBadInput);
    if (!readReplay(setup, error)) return fail(error, kExitBadInput);
    if (!setup.cmd.loadPath.empty()) {
        InputLog save;
        if (!PlaySession::readSave(setup.cmd.loadPath, setup.scriptPath, save, error))
            return fail(error, kExitBadInput);
        setup = withSave(setup, save);
    }
    setup.scriptPath =
        setup.cmd.scriptPath.empty() ? joinPath(setup.dataRoot, "scripts/Demo.lua") : setup.cmd.scriptPath;

    // 3. The mode. Load errors are exit 2; platform and GL failures are reported too.
    try {
        switch (setup.cmd.mode) {
            case CommandLine::Mode::ListScenes: return listScenes(setup);
            case CommandLine::Mode::Check: return runCheck(setup);
            case CommandLine::Mode::Headless: return runHeadless(setup);
            case CommandLine::Mode::Screenshot: return runScreenshot(setup);
            case CommandLine::Mode::Timeline: return runTimeline(setup);
            case CommandLine::Mode::Window: return runWindow(setup);
            case CommandLine::Mode::Help: break;
        }
    } catch (const LoadError& e) {
        return fail(e.what(), kExitBadInput);
    } catch (const std::exception& e) {
        return fail(e.what(), kExitBadInput);
    }
    return kExitOk;
}
