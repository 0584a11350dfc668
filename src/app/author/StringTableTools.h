// The string tables' tools (issue 28; docs/API.md, "String tables"):
//   stagehand --strings extract [--script PATH]     writes strings/NAME.en.csv, the source table
//   stagehand --strings merge --lang CODE [--script PATH]
//                                                   brings strings/NAME.CODE.csv up to the script
// A line is what tools/tag-lines.lua tags (CheckSupport.lua's playerLines):
// a line without an explicit ID goes by its automatic one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/run/RunSetup.h"
#include "lang/StringTable.h"
#include "script/ScriptHost.h"
#include "view/WorldView.h"

namespace stagehand {

// The source table of a script's written lines (`label` is the script's
// name in messages and in the `file` column): one row per ID, in written
// order, text as written without its ID tag, lock its hash.
// The names a game shows besides its lines, as lines with explicit IDs (so
// they are extracted, merged and checked like lines): each scene's title
// (lang::sceneTitleId) and the display name (lang::actorNameId) of each
// actor the script names (its ID a string literal of the script, as the one
// reader found it: the maps of the engine's folder hold actors other games never show).
void appendNames(Simulation& sim, std::vector<ScriptHost::WrittenLine>& lines);

// `label` names the script in line IDs and messages; `file` is the `file`
// column (the script's path in the game's folder: the same on every
// author's machine). Each row carries its source text, its context (who
// says it, in which scene, in what box) and the box's width and font size.
lang::StringTable sourceTable(const std::vector<ScriptHost::WrittenLine>& lines, const std::string& label,
                              const std::string& file);
// The script's path as a table's `file` column names it: relative to its
// game's folder, with / between folders.
std::string tableFileOf(const std::string& scriptPath);

// Where a written line is shown; none for a name (a scene's title, an actor's).
std::optional<WorldView::TextPlace> placeOf(const ScriptHost::WrittenLine& line);
const char* placeName(WorldView::TextPlace place);

// What merging a table with the script did.
struct MergeSummary {
    int kept = 0, added = 0, stale = 0, removed = 0, dropped = 0;
};
// `existing` (a translation, possibly empty) brought up to `source`: a new
// line gets an empty text and the current lock; a line kept keeps its text
// and its lock (so a changed source line reads as stale) and its comment (a
// translator's note; a table of the first format's comment was the context
// --strings wrote, now in `context`, so it is not kept); source, context,
// box, file and line follow the script; a row whose ID is
// gone keeps its text at the end with a comment saying so (an empty one is
// dropped): a translator's work is never lost silently.
lang::StringTable mergeTable(const lang::StringTable& source, const lang::StringTable& existing,
                             const std::string& language, MergeSummary& summary);
constexpr const char* kRemovedNote = "REMOVED: this ID is no longer in the script; ";

// --check's findings about every string table of the script at `scriptPath`
// (its `lines`, named `label`), language by language: a table that does not
// load; per line, a missing row or an empty text (shown in the source
// language), a stale row, a translation whose markup is wrong or whose event
// tags differ from the source's; a row whose ID is no longer in the script.
// Each names the table's file:line (or the table, for a missing row) and the ID.
std::vector<std::string> checkTables(const std::vector<ScriptHost::WrittenLine>& lines, const std::string& label,
                                     const std::string& scriptPath);

// The --strings mode; its exit status (0 written, 1 the script uses an ID
// twice, 2 bad usage or a table that does not load).
int runStrings(const Setup& setup);

// A line() template with each value named by itself ({count} -> count) and
// markup tags ({b}, {w}...) kept: its markup can be read, and its text
// measured, without running the scene (--check, --overflow-report).
std::string withPlaceholders(const std::string& text);

}  // namespace stagehand
