// `stagehand --explore`: plays every scene headless through every menu path
// (all combinations, shortest first, up to --explore-paths runs a scene),
// then --explore-walks seeded random walks, with a seeded walker moving the
// player whenever a scene hands over control. Reports per scene the paths
// taken, errors, hangs, options never offered and lines never shown (see
// the one reader, scripts/SceneSource.lua, for which lines count) and the scene time played.
#pragma once

#include "app/run/RunSetup.h"

namespace stagehand {

// Exit status: 0 when no run had an error or a hang, 1 otherwise.
int runExplore(const Setup& setup);

}  // namespace stagehand
