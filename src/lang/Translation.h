// A line in the player's language: the translation looked up by ID, filled
// with the line()'s values, its markup parsed, and checked against the
// source's event tags. One function for the stage (every shown line), the
// overflow report and --check, so they judge a translation the same way.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "lang/LineProvider.h"
#include "text/Markup.h"

namespace stagehand::lang {

// "" when `translation` has the same event tags ({signal}, {sound}, {face})
// as `source`, as a set; else what it lost and added ("lost {signal=door};
// added {sound=bell}"). They are the scene's timing: a lost signal would
// leave a process waiting forever.
std::string eventTagChange(const text::MarkedText& source, const text::MarkedText& translation);

// Where a table row is, for messages: "scripts/strings/Demo.fr.csv:12".
std::string rowPlace(const LineProvider& lines, const StringRow* row);

// The text to show for line `id` (its source as written `source`, parsed as
// `shown`) in `lines`' language: null to show the source (no translation,
// or one that cannot be shown; then `warning` says why, naming the table's
// file:line and the ID). `fill` puts a line()'s values into a template.
std::shared_ptr<const text::MarkedText> translateLine(const LineProvider& lines, const std::string& id,
                                                      std::string_view source, const text::MarkedText& shown,
                                                      text::MarkupPlace place,
                                                      const std::function<std::string(const std::string&)>& fill,
                                                      std::string& warning);

}  // namespace stagehand::lang
