// stagehand --package GAME --out DIR: the archives a game's players download.
// Each holds the engine (the program, its scripts/ and assets/) and the game
// in game/ beside them; started with no arguments, the program plays game/
// (completeSetup), under the game's title, keeping its player's files under
// that title (useUserFolderOf). NAME-linux.tar.gz holds this program and the
// libraries in lib/ beside it; NAME-windows.zip holds the Windows build in
// --windows-engine DIR (stagehand.exe and its DLLs, as tools/check-windows.sh
// makes them), NAME-web/ and NAME-web.zip the web build in --web-engine DIR;
// either, unnamed, comes from the SDK this program is in (tools/make-sdk.sh).
// A Windows build makes the .zip alone, from its own folder unless
// --windows-engine names another.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/run/RunSetup.h"
#include "platform/GameFolder.h"

namespace stagehand {

// Exit 0 having written the archives (their paths on stdout, one a line); 1
// when --check finds anything in the game (each finding a line on stderr,
// nothing written; --warn-only packs it anyway, the findings told as
// warnings); 2 (one line on stderr) when the game or an output cannot be read
// or written.
int runPackage(const Setup& setup);

// The game's folder for its author alone, never packed: the starter writes
// its notes and licence there.
constexpr const char* kAuthorNotesFolder = "notes";

// Whether a file of the game's folder (its path relative to the folder, '/'
// between names) stays out of the packages: anything under notes/, hidden
// files, and what editors and file managers leave (name~, #name#, .bak,
// .orig, .tmp, .swp, Thumbs.db, desktop.ini; letter case aside).
bool forTheAuthorOnly(const std::string& relativePath);

// The archives' name before "-linux.tar.gz" or "-windows.zip": the title (else the
// folder's name) as a file name, and the version with what a file name cannot carry as dashes.
std::string packageName(const std::string& gameFolder, const GameDescription& game);

// The shared libraries in `folder` (lib/ beside the program, which its
// $ORIGIN run path finds: tools/build-linux-portable.sh), sorted: they go
// beside it in the Linux archive. Only shared libraries (NAME.so, NAME.so.N...):
// a build folder's lib/ may hold static ones and more.
std::vector<std::filesystem::path> bundledLibrariesIn(const std::filesystem::path& folder);

}  // namespace stagehand
