// The folder for the player's kept files (settings.txt, read.txt, quicksave.txt,
// the save slots), which every mode reaches: the window keeps its settings and
// the lines read there, the shared run its saves, --package names it for a game.
#pragma once

#include <string>

namespace stagehand {

// $STAGEHAND_USER_DIR when set and not empty (tests, or a copy of the game
// that keeps its files beside it), else SDL's per-user folder
// (~/.local/share/Stagehand/stagehand/ on Linux); "" when there is neither.
std::string userFolder();
// A game keeps its player's files under its own name: game.json's title
// ("The Clock Tower": ~/.local/share/Stagehand/the-clock-tower/); the demo's is "stagehand".
void useUserFolderOf(const std::string& title);
// A game's title as a file name: lower case, runs of other characters as one
// dash ("The Clock Tower!" is "the-clock-tower"); "" when nothing is left.
std::string fileNameOfTitle(const std::string& title);

}  // namespace stagehand
