#pragma once

// The folders of the build tree a program was built in: a program run from
// inside it finds scripts/ and assets/ in the sources (app/run/CommandLine.cpp),
// and the tests find their files. A program installed or packaged never uses
// them.
namespace stagehand {

const char* buildTreeSourceDir();  // the checkout the program was built from
const char* buildTreeBuildDir();   // the build folder it was built in

}  // namespace stagehand
