// A game is a folder (LÖVE's and Ren'Py's convention): its main script
// (main.lua), a small description (game.json) and folders of its own files
// (images/, audio/, maps/, fonts/, strings/). The demo is a game too: its main
// script is scripts/Demo.lua, so its folder is scripts/.
//
// This file is the one home of two rules:
// - which script a PATH names (`stagehand PATH`: a folder's main.lua, or a script);
// - where a name an author writes is found (a picture, a sound, a map, a font):
//   in the game's folder first, then in the engine's assets/; but a game
//   folder's maps are its own, the engine's (the demo's) only when its
//   game.json asks (seesEngineMaps), and its modules (require) are its main
//   script's folder's alone. Every mode asks assetFolders (window,
//   headless, --check, --explore, --strings, --audio, --screenshot), and so
//   does hot reload's watcher; every message about an unknown name lists the
//   folders it gives (foldersText).
#pragma once

#include <string>
#include <vector>

namespace stagehand {

constexpr const char* kMainScriptName = "main.lua";
constexpr const char* kDescriptionName = "game.json";

// The main script a PATH names: FOLDER/main.lua for a folder, the file itself
// for a file. False with a one-line `error` naming what is missing.
bool mainScriptOf(const std::string& path, std::string& script, std::string& error);

// The folder of a game's own files: its main script's folder ("." for a bare file name).
std::string gameFolderOf(const std::string& scriptPath);

// Whether the script plays in a game folder: its folder holds main.lua (what
// --new makes and `stagehand DIR` plays, whichever of its scripts is played).
// Otherwise it is a loose script: `--script FILE`, the demo's scripts/Demo.lua.
bool inGameFolder(const std::string& scriptPath);

// Whether the engine's maps (DATA/assets/maps: the demo's) are looked in
// after the game's own. A loose script sees them, as it always has (the
// README's example borrows the demo's lighthouse). A game folder sees its
// own maps alone, so that its cast, its waypoints and every did-you-mean are
// its own and its actor ids never meet the demo's, unless its game.json says
// "engineMaps": true.
bool seesEngineMaps(const std::string& scriptPath);

// Modules are the game's own Lua files that require(NAME) loads.
enum class AssetKind { Images, Audio, Maps, Fonts, Modules };

// "images", "audio", "maps", "fonts": the folder's name in a game and in assets/
// ("" for modules: the game's folder itself).
const char* assetFolderName(AssetKind kind);

// The folders names of `kind` are looked up in, the first that has a name
// winning: the game's GAME/KIND (when it exists), then the engine's
// DATA/assets/KIND (for maps only when seesEngineMaps). A folder reached
// twice (the game's is the engine's) is looked in once. Modules: the main
// script's folder (gameFolderOf), never the engine's; none without a script.
std::vector<std::string> assetFolders(AssetKind kind, const std::string& scriptPath, const std::string& dataRoot);

// "FOLDER, FOLDER": the folders looked in, for every message about a name not found.
std::string foldersText(const std::vector<std::string>& folders);

// What game.json says. Every field may be left out.
struct GameDescription {
    std::string title;          // the window's title and the scene menu's heading ("" : Stagehand)
    int width = 0, height = 0;  // the window's first size (0: the player's last, else 1280x720)
    std::string language;       // the language a first run plays in ("" : the source's)
    std::string icon;           // a picture name (found as pictures are): the window's icon
    std::string version;        // the game's version, shown on the scene menu and in package names
    std::string font;           // a font file (found as fonts are) drawing the game's text ("" : DejaVu Sans)
    std::string boldFont;       // its bold face ("" : `font`)
    bool engineMaps = false;    // the engine's maps (the demo's cast) after the game's own (seesEngineMaps)
    // The title screen's picture and music (a picture's and a sound's name, found as they are);
    // "" : the picture and the sound named "title", when the game or the engine has them.
    std::string titlePicture, titleMusic;
    // "chapters": "all": the title screen's Chapters lists every chapter from the first
    // run on; by default ("reached") only those the player has reached (and the first).
    bool allChapters = false;
};

// The game.json beside `scriptPath`; a game without one has the defaults.
// Each mistake is one line "FILE: why" added to `problems`, and costs only
// what it touches: a field of the wrong kind or an unknown one (named with the
// known ones) is left out, and "width" without "height" leaves both out. A
// file that cannot be read, is not JSON ("FILE:LINE: not JSON: ...", the line
// where the reading stopped, and the line a comma is likely missing at) or is
// not a JSON object leaves every default but the title, which is the game's
// folder's name, so that the game stays its own (its window, its scene menu
// and its save folder are named for it, never for the demo); the line says so.
void readGameDescription(const std::string& scriptPath, GameDescription& out, std::vector<std::string>& problems);

// "FILE:LINE: not JSON: column C: why" (as game.json's are said) when `text`
// does not parse as JSON; "" when it does.
std::string jsonSyntaxProblem(const std::string& file, const std::string& text);

}  // namespace stagehand
