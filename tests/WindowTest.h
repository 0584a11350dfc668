// The scenes and the helpers of the window's own tests (tests/test_window*.cpp),
// on the window fixture (tests/WindowFixture.h).
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "WindowFixture.h"
#include "lang/LineId.h"
#include "lang/StringTable.h"

// Pages, a menu, free walking, and a process that never ends: one scene for
// each kind of input the window turns into world commands.
inline constexpr const char* kWindowTestScenes = R"(
SCENES = {
    { name = "pages", title = "Pages" },
    { name = "choices", title = "Choices" },
    { name = "walk", title = "Walk" },
    { name = "heartbeat", title = "Heartbeat" },
}

function pages()
    text("The first page is long enough to be typing for a good while after it appears.")
    for n = 2, 40 do text("Page " .. n .. ".") end
end

function choices()
    text("Pick one.")
    option("Alpha", "pickedAlpha")
    option("Beta", "pickedBeta")
    option("Gamma", "pickedGamma")
    menu()
end
function pickedAlpha() text("You picked alpha.") end
function pickedBeta() text("You picked beta.") end
function pickedGamma() text("You picked gamma.") end

function walk()
    disableControls()
    setPlayer("ines")
    activate("ines")
    setPosition("ines", {x = 600, y = 400})
    wait(1)
    enableControls()
    wait(600)
end

local beats = 0
function heartbeat()
    runProcess(function()
        while true do
            beats = beats + 1
            print("beat " .. beats)
            wait(0.25)
        end
    end)
    text("Listening.")
    text("Still listening.")
end
)";

class WindowTest : public stagehand::test::WindowFixture {
protected:
    WindowTest() : WindowFixture(kWindowTestScenes) {}

    // Opens "choices" and turns its page: its menu, the first option selected (false if it never is).
    bool openAtTheMenu() {
        open("choices");
        press(SDLK_SPACE);
        press(SDLK_SPACE);
        return waitFor([&] { return menuSelected() == 0; });
    }

    // The player chose "skip all" in an earlier run (kept in settings.txt).
    void skipAll() { std::ofstream(folder / "user" / "settings.txt", std::ios::binary) << "skip_all = true\n"; }
    // Turns pages with Space until `text` is on screen; false after `presses`.
    // strings/scenes.fr.csv beside the script: the first page in French, then `moreRows`.
    static constexpr const char* kFirstPage =
        "The first page is long enough to be typing for a good while after it appears.";
    static constexpr const char* kFirstPageInFrench = "La première page est assez longue pour s'écrire un bon moment.";
    void writeFrenchTable(const std::string& moreRows) {
        std::filesystem::create_directories(folder / "strings");
        std::ofstream(folder / "strings" / "scenes.fr.csv", std::ios::binary)
            << "language,id,text,file,line,lock,comment\n"
            << "fr," << stagehand::lang::automaticLineId("scenes.lua", kFirstPage) << "," << kFirstPageInFrench
            << ",scenes.lua,41," << stagehand::lang::sourceLock(kFirstPage) << ",\n"
            << moreRows;
    }
    bool turnPagesUntil(const std::string& text, int presses = 200) {
        for (int i = 0; i < presses && page() != text; ++i) press(SDLK_SPACE);
        return page() == text;
    }
    // The rows of the title screen's Chapters page (Back last), seen from the title page and back to it.
    std::vector<std::string> chapterRows() {
        for (int i = 0; i < 6 && game->sceneMenu()->selectedRow() != stagehand::SceneMenu::Row::Chapters; ++i)
            press(SDLK_DOWN);
        press(SDLK_RETURN);
        EXPECT_EQ(game->sceneMenu()->page(), stagehand::SceneMenu::Page::Chapters);
        std::vector<std::string> rows = game->sceneMenu()->rowTexts();
        press(SDLK_ESCAPE);
        return rows;
    }
    int countSeen(const std::string& fragment) {
        int n = 0;
        for (const auto& line : seen) n += line.find(fragment) != std::string::npos;
        return n;
    }
};

// The same with a game controller plugged in while the window runs.
using WindowPadTest = stagehand::test::WithVirtualPad<WindowTest>;
