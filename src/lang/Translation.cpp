#include "lang/Translation.h"

#include <set>

namespace stagehand::lang {

namespace {

std::set<std::string> eventTags(const text::MarkedText& marked) {
    std::set<std::string> tags;
    for (const auto& cue : marked.cues)
        if (cue.kind == text::CueKind::Signal || cue.kind == text::CueKind::Sound || cue.kind == text::CueKind::Face)
            tags.insert(std::string("{") + cue.tag() + "=" + cue.name + "}");
    return tags;
}

}  // namespace

std::string eventTagChange(const text::MarkedText& source, const text::MarkedText& translation) {
    auto before = eventTags(source), after = eventTags(translation);
    std::string lost, added;
    for (const auto& tag : before)
        if (!after.count(tag)) lost += (lost.empty() ? "" : " ") + tag;
    for (const auto& tag : after)
        if (!before.count(tag)) added += (added.empty() ? "" : " ") + tag;
    std::string out = lost.empty() ? "" : "lost " + lost;
    if (!added.empty()) out += (out.empty() ? "added " : "; added ") + added;
    return out;
}

std::string rowPlace(const LineProvider& lines, const StringRow* row) {
    if (!row) return lines.language();  // pseudo: generated, no file
    return lines.table().path + ":" + std::to_string(row->tableLine);
}

std::shared_ptr<const text::MarkedText> translateLine(const LineProvider& lines, const std::string& id,
                                                      std::string_view source, const text::MarkedText& shown,
                                                      text::MarkupPlace place,
                                                      const std::function<std::string(const std::string&)>& fill,
                                                      std::string& warning) {
    warning.clear();
    auto translation = lines.translationOf(id, source);
    if (!translation) return nullptr;
    std::string error;
    auto marked = text::parseMarkup(fill(*translation), place, error);
    std::string where = rowPlace(lines, lines.rowOf(id));
    if (!marked) {
        warning = where + ": line ID '" + id + "': " + error + "; the source line is shown";
        return nullptr;
    }
    std::string change = eventTagChange(shown, *marked);
    if (!change.empty()) {
        warning = where + ": line ID '" + id + "': the translation " + change +
                  " (a translation keeps the source's {signal}, {sound} and {face} tags); the source line is shown";
        return nullptr;
    }
    if (marked->lineId == shown.lineId) return marked;
    auto named = std::make_shared<text::MarkedText>(*marked);  // the line goes by its source's ID
    named->lineId = shown.lineId;
    return named;
}

}  // namespace stagehand::lang
