// stagehand --new DIR: a starter game that plays at once and passes --check
// and --explore (a scene with a choice, a picture backdrop, a sound, a map, a
// string table and a README for its author), copied from the data folder's
// scripts/starter/ with its title set from DIR's name.
#pragma once

#include <string>

#include "app/run/RunSetup.h"

namespace stagehand {

// Exit 0 having written the game; 2 (one line on stderr) when DIR holds files
// already or cannot be written.
int runNewGame(const Setup& setup);

// The title a new game in `dir` gets: the folder's own name, however it is
// spelt ("tales", "tales/", "./tales", "x/../tales/.").
std::string titleOfFolder(const std::string& dir);

// A folder as a person pastes it into their shell (the hints --new prints):
// as it is when the shell reads nothing in it, else quoted ('...' with each
// ' as '\'' on Unix, "..." on Windows).
std::string quotedForShell(const std::string& path);

}  // namespace stagehand
