#include "WindowFixture.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <random>
#include <stdexcept>

#include "game/Transcript.h"

namespace stagehand::test {

namespace fs = std::filesystem;

void WindowFixture::SetUp() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    // Unique to this run: other checkouts may run the same tests at the same time.
    folder = fs::temp_directory_path() / ("stagehand_window_" + std::to_string(std::random_device{}())) / info->name();
    fs::create_directories(folder / "user");
    userDir = std::make_unique<ScopedEnv>("STAGEHAND_USER_DIR", (folder / "user").string());
    // The window's sound plays to SDL's dummy driver: the same on every machine, sound card or not.
    audioDriver = std::make_unique<ScopedEnv>("SDL_AUDIODRIVER", "dummy");
    scriptPath = folder / "scenes.lua";
    std::ofstream(scriptPath, std::ios::binary) << scenes_;
    // Every chapter on the title screen and under its number key from the first run on, as the demo's
    // are (by default only those reached are: a test of that writes its own game.json).
    std::ofstream(folder / "game.json", std::ios::binary) << "{ \"chapters\": \"all\" }\n";
    setup.dataRoot = dataRoot();
    setup.cmd.scriptPath = scriptPath.string();
    setup.cmd.sizeGiven = true;  // small frames draw fast
    setup.cmd.width = 640;
    setup.cmd.height = 360;
    // The window's watchdog counts wall-clock time, and a busy machine (or wine) can hold a
    // test's process for a second inside a script call: these scripts never run away, so
    // their watchdog is long. The watchdog's own test sets a short one.
    setup.cmd.watchdogSeconds = 60;
}

void WindowFixture::TearDown() {
    game.reset();
    SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
    SDL_SetEventFilter(nullptr, nullptr);
    userDir.reset();
    audioDriver.reset();
    std::error_code ignored;
    fs::remove_all(folder.parent_path(), ignored);
}

void WindowFixture::open(const std::string& scene) {
    game.reset();  // one window at a time
    setup.cmd.scene = scene;
    std::string error;
    // Thrown, not asserted: the test must stop here, not in the helper alone.
    if (!completeSetup(setup, error)) throw std::runtime_error("the setup failed: " + error);
    WindowGame::Options options;
    options.frameCap = false;
    options.sink = [this](const TranscriptEvent& e) { seen.push_back(Transcript::formatText(e)); };
    configure(options);
    game = std::make_unique<WindowGame>(setup, options);
    // The mouse is the test's alone (see kTestMouse); set for each window, as SDL forgets
    // the filter when the last window's events stop.
    SDL_SetEventFilter(onlyTheTestsMouse, nullptr);
    now = 0;
    if (!game->start(now)) throw std::runtime_error("the window has neither a scene nor a menu to show");
}

void WindowFixture::wait(double seconds) {
    for (double end = now + seconds - kTick / 2; now < end && running;) frame();
}

bool WindowFixture::waitFor(const std::function<bool()>& done, double seconds) {
    for (double end = now + seconds; now < end; frame())
        if (done()) return true;
    return done();
}

int SDLCALL WindowFixture::onlyTheTestsMouse(void*, SDL_Event* e) {
    switch (e->type) {
        case SDL_MOUSEMOTION: return e->motion.which == kTestMouse;
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEBUTTONUP: return e->button.which == kTestMouse;
        case SDL_MOUSEWHEEL: return e->wheel.which == kTestMouse;
        default: return 1;
    }
}

void WindowFixture::pushKey(Uint32 type, SDL_Keycode key, Uint16 mod) {
    SDL_Event e{};
    e.type = type;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    e.key.keysym.mod = mod;
    ASSERT_EQ(SDL_PushEvent(&e), 1) << SDL_GetError();
}

void WindowFixture::pushMouse(Uint32 type, int x, int y, Uint8 button) {
    SDL_Event e{};
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
        e.motion.which = kTestMouse;
        e.motion.x = x;
        e.motion.y = y;
    } else {
        e.button.which = kTestMouse;
        e.button.button = button;
        e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        e.button.clicks = 1;
        e.button.x = x;
        e.button.y = y;
    }
    ASSERT_EQ(SDL_PushEvent(&e), 1) << SDL_GetError();
}

void WindowFixture::click(int x, int y, Uint8 button) {
    pushMouse(SDL_MOUSEMOTION, x, y);
    pushMouse(SDL_MOUSEBUTTONDOWN, x, y, button);
    pushMouse(SDL_MOUSEBUTTONUP, x, y, button);
    frame();
}

void WindowFixture::wheel(int y) {
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.which = kTestMouse;
    e.wheel.y = y;
    ASSERT_EQ(SDL_PushEvent(&e), 1);
    frame();
}

Simulation& WindowFixture::sim() {
    Simulation* s = game->simulation();
    if (!s) throw std::runtime_error("no scene is playing");
    return *s;
}

std::vector<std::string> WindowFixture::events(const std::string& name) {
    std::vector<std::string> lines;
    for (const auto& e : sim().transcript().events())
        if (e.name == name) lines.push_back(Transcript::formatText(e));
    return lines;
}

std::string WindowFixture::page() {
    const auto& line = sim().world().story().currentLine();
    return line ? line->text : "";
}

bool WindowFixture::pageTyped() {
    const auto& line = sim().world().story().currentLine();
    return line && line->typed;
}

int WindowFixture::menuSelected() {
    const auto& menu = sim().world().story().currentMenu();
    return menu ? menu->selected : -1;
}

void saveOver(const fs::path& path, const std::string& text) {
    auto before = fs::last_write_time(path);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    fs::last_write_time(path, std::max(fs::last_write_time(path), before + std::chrono::seconds(1)));
}

}  // namespace stagehand::test
