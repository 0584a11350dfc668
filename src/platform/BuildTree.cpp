#include "platform/BuildTree.h"

// The two paths are defined for this file alone, which compiles on its own
// (CMakeLists.txt): they differ in every clone, and a definition every file
// saw changed the preprocessed text of a whole unit of the engine, which ccache
// then compiled again in each new clone.
namespace stagehand {

const char* buildTreeSourceDir() {
    return STAGEHAND_SOURCE_DIR;
}

const char* buildTreeBuildDir() {
    return STAGEHAND_BUILD_DIR;
}

}  // namespace stagehand
