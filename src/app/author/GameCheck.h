// --check's findings, one line each: the script's likely mistakes, game.json's
// problems, the maps' warnings and the maps left out, and every string table
// beside the script (rows that do not read, lines missing or stale). --check
// prints them; --package refuses a game that has any (GamePackage.h).
#pragma once

#include <string>
#include <vector>

#include "app/run/RunSetup.h"

namespace stagehand {

// Loads the game of `setup` headless and gathers its findings. A script that
// does not load throws LoadError, as every mode's load does.
std::vector<std::string> checkFindings(const Setup& setup);

}  // namespace stagehand
