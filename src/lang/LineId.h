// Line IDs: the name a line a player reads goes by, for its translations
// (issue 28) and for the player's memory of what was read (skip read text).
//
// An explicit ID is written inside the string as a zero-width tag, by
// convention at its end: "Here, by the old oak.{#forest.jackie.3f2a}"
// (ID: letters, digits, `_`, `.`, `-`). `{{` is an escaped brace, so
// "{{#x}" is literal text, not a tag. The markup parser (src/text/Markup)
// is the one that reads a shown line's tag, with isLineId's characters;
// splitLineId reads it the same way in a text the parser accepts (a test
// holds them together) for the tools that read lines without showing them.
// A line without one gets an automatic ID from its script file and a hash of
// its SOURCE text as written (markup tags kept, the ID tag removed; a
// line()'s template, not its filled values): it survives edits of other
// lines, but not a typo fix or a markup change in the line itself (the
// tagger, tools/tag-lines.lua, writes explicit ones).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "text/Markup.h"

namespace stagehand::lang {

// A line as the player will read it: its ID and its text without the tag.
struct LineText {
    std::string id;
    std::string text;
    bool explicitId = false;  // written in the script, not derived from the text
};

// The first `{#ID}` tag of `text` (every such tag is removed from the text);
// an empty id when there is none. A malformed tag (`{#}`, `{#a b}`) is left
// in the text as it is.
struct SplitLine {
    std::string id;
    std::string text;
};
SplitLine splitLineId(std::string_view text);

// The characters an ID may hold: the `{#ID}` tag's, a rule of the markup.
using text::isLineId;
using text::isLineIdChar;

// "auto.SCOPE.HHHHHHHH": SCOPE is the script's file name without folder or
// extension (characters an ID cannot hold become `_`), H the FNV-1a hash of
// the text (tag already removed), in hex. Equal texts in one file share it.
std::string automaticLineId(std::string_view scriptPath, std::string_view text);

// The 32-bit FNV-1a hash of `text` as 8 lowercase hex digits: the automatic
// ID's hash, and a string table's lock (src/lang/StringTable.h).
std::string lineTextHash(std::string_view text);

// The IDs of the names a game shows besides its lines, translated like them:
// a scene's title (its SCENES entry) and an actor's display name (its map's).
inline std::string sceneTitleId(const std::string& scene) {
    return "scene." + scene;
}
inline std::string actorNameId(const std::string& actor) {
    return "actor." + actor;
}

// The line's ID and text: the explicit tag if there is one, else the
// automatic ID for `scriptPath`.
LineText identifyLine(std::string_view text, std::string_view scriptPath);

// A shown line's ID: `markupId` (the {#ID} its markup read), else the
// automatic ID of `source` (the text as written, its ID tag removed).
std::string lineIdOf(std::string_view markupId, std::string_view source, std::string_view scriptPath);

// `text` with every `{` doubled: markup reads it as the text itself.
std::string escapeBraces(std::string_view text);

// A template's `{name}` (a letter or `_`, then letters, digits, `_`) replaced
// by `valueOf(name)` escaped (escapeBraces: a value is never markup); a name
// it has no value for, `{{` escapes and any other
// brace tag are left as they are (the markup reads them later).
std::string fillTemplate(std::string_view text,
                         const std::function<std::optional<std::string>(const std::string&)>& valueOf);

}  // namespace stagehand::lang
