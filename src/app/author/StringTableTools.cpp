#include "app/author/StringTableTools.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "lang/LineId.h"
#include "lang/Translation.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

// Calls `each` with the body of every {tag} in a line's text, in order; "{{"
// is a literal brace, and an unclosed "{" ends the walk.
template <typename Each>
void forEachBraceTag(const std::string& text, Each each) {
    for (std::size_t at = 0; at < text.size(); ++at) {
        if (text.compare(at, 2, "{{") == 0) {
            ++at;
            continue;
        }
        if (text[at] != '{') continue;
        std::size_t end = text.find('}', at);
        if (end == std::string::npos) break;
        each(text.substr(at + 1, end - at - 1));
        at = end;
    }
}

// The names a line() template fills ({count}), not markup tags (the markup's own list says which).
std::string valueNames(const std::string& text) {
    std::string names;
    forEachBraceTag(text, [&](const std::string& name) {
        bool plain = !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
        for (char c : name) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
        if (plain && !text::isMarkupTagName(name)) names += (names.empty() ? "{" : " {") + name + "}";
    });
    return names;
}

// Who says it (or the call that shows it), the scene, the values a line()
// fills, and the box: "george; georgeTrack; speech bubble: 3 lines at most"
// (no comma: the field needs no quotes).
std::string contextFor(const ScriptHost::WrittenLine& line, std::optional<WorldView::TextPlace> place) {
    std::string context = line.speaker.empty() ? line.call : line.speaker;
    if (!line.owner.empty()) context += "; " + line.owner;
    if (line.call == "line") {
        std::string names = valueNames(line.text);
        if (!names.empty()) context += "; values: " + names;
    }
    if (place) {
        WorldView::TextBox box = WorldView::boxOf(*place);
        context += std::string("; ") + placeName(*place);
        if (box.lines > 0)
            context += box.lines == 1 ? ": one line" : ": " + std::to_string(box.lines) + " lines at most";
    }
    return context;
}

}  // namespace

std::optional<WorldView::TextPlace> placeOf(const ScriptHost::WrittenLine& line) {
    using Place = WorldView::TextPlace;
    const std::string& call = line.call == "line" && !line.shownBy.empty() ? line.shownBy : line.call;
    if (call == "say" || call == "sayFor") return Place::Bubble;
    if (call == "option") return Place::Option;
    if (call == "banner") return Place::Banner;
    if ((call == "text" || call == "dialogue") && line.speaker.empty())
        return Place::Narration;  // no name, no portrait
    if (call == "dialogue" || call == "text" || call == "line") return Place::Dialogue;
    return std::nullopt;  // a name appendNames added: its call says where it is shown
}

const char* placeName(WorldView::TextPlace place) {
    switch (place) {
        case WorldView::TextPlace::Dialogue: return "dialogue box (beside a portrait)";
        case WorldView::TextPlace::Narration: return "dialogue box";
        case WorldView::TextPlace::Bubble: return "speech bubble";
        case WorldView::TextPlace::Option: return "menu option";
        case WorldView::TextPlace::Banner: return "banner";
    }
    return "";
}

std::string tableFileOf(const std::string& scriptPath) {
    std::error_code ec;
    auto script = std::filesystem::weakly_canonical(pathFromUtf8(scriptPath), ec);
    auto folder = std::filesystem::weakly_canonical(pathFromUtf8(gameFolderOf(scriptPath)), ec);
    auto relative = script.lexically_relative(folder);
    if (ec || relative.empty() || *relative.begin() == "..") relative = script.filename();
    return relative.generic_u8string();  // C++17: UTF-8 in a std::string
}

void appendNames(Simulation& sim, std::vector<ScriptHost::WrittenLine>& lines) {
    for (const SceneInfo& scene : sim.host().scenes())
        if (!scene.title.empty())
            lines.push_back({0, scene.title + "{#" + lang::sceneTitleId(scene.name) + "}",
                             "scene title (scene menu, save cards)", "", scene.name, "", "shown", "", ""});
    for (const Actor& actor : sim.world().cast().actors())
        if (sim.host().writesLiteral(actor.id))
            lines.push_back({0, actor.displayName + "{#" + lang::actorNameId(actor.id) + "}",
                             "actor name (over its lines)", "", actor.id, "", "shown", "", ""});
}

lang::StringTable sourceTable(const std::vector<ScriptHost::WrittenLine>& lines, const std::string& label,
                              const std::string& file) {
    lang::StringTable table;
    table.language = lang::kSourceLanguage;
    std::set<std::string> seen;
    for (const auto& line : lines) {
        // A module's line is identified by its own file, as the running game does (BindWorld's markedLine).
        lang::LineText identified = lang::identifyLine(line.text, line.file.empty() ? label : line.file);
        if (identified.text.empty() || !seen.insert(identified.id).second) continue;  // equal texts share an ID
        lang::StringRow row;
        auto place = placeOf(line);
        row.id = identified.id;
        row.source = identified.text;
        row.text = identified.text;
        row.context = contextFor(line, place);
        if (place) {
            WorldView::TextBox box = WorldView::boxOf(*place);
            row.maxWidth = box.width;
            row.fontSize = box.fontSize;
        }
        row.file = line.file.empty() ? file : line.file;
        row.sourceLine = line.line;
        row.lock = lang::sourceLock(identified.text);
        table.rows.push_back(std::move(row));
    }
    table.index();
    return table;
}

lang::StringTable mergeTable(const lang::StringTable& source, const lang::StringTable& existing,
                             const std::string& language, MergeSummary& summary) {
    lang::StringTable out;
    out.language = language;
    for (const auto& sourceRow : source.rows) {
        lang::StringRow row = sourceRow;
        if (const lang::StringRow* old = existing.find(sourceRow.id)) {
            row.text = old->text;
            row.lock = old->lock;  // a changed source line reads as stale until its translation is checked
            if (!existing.firstFormat) row.comment = old->comment;  // the translator's note
            if (row.comment.rfind(kRemovedNote, 0) == 0) row.comment.erase(0, std::string(kRemovedNote).size());
            ++summary.kept;
            if (!old->text.empty() && old->lock != sourceRow.lock) ++summary.stale;
        } else {
            row.text.clear();
            ++summary.added;
        }
        out.rows.push_back(std::move(row));
    }
    for (const auto& old : existing.rows) {
        if (source.find(old.id)) continue;
        if (old.text.empty()) {
            ++summary.dropped;
            continue;
        }
        lang::StringRow row = old;
        if (existing.firstFormat) row.context = row.comment;  // what the first format kept there
        if (row.comment.rfind(kRemovedNote, 0) != 0)
            row.comment = kRemovedNote + (existing.firstFormat ? "" : row.comment);
        out.rows.push_back(std::move(row));
        ++summary.removed;
    }
    out.index();
    return out;
}

std::string withPlaceholders(const std::string& text) {
    return lang::fillTemplate(text, [](const std::string& name) -> std::optional<std::string> {
        if (text::isMarkupTagName(name)) return std::nullopt;  // {b}, {w}...: markup, not a value
        return name;
    });
}

namespace {

// What a translation must keep of its source, as written: the timing tags
// ({w}, {w=0.5}, {speed=20}...{/speed}, {cps}, {instant}) as a multiset, and
// the values a line() fills ({count}) as a set.
struct KeptTags {
    std::multiset<std::string> timing;
    std::set<std::string> values;
    std::vector<std::string> problems;  // an ID tag (the markup reader takes it; in a row it is a mistake)
};

KeptTags keptTagsOf(const std::string& text) {
    static const std::set<std::string> kTiming = {"w", "speed", "cps", "instant"};
    KeptTags kept;
    forEachBraceTag(text, [&](const std::string& body) {
        std::string name = body.substr(body[0] == '/' ? 1 : 0);
        name = name.substr(0, name.find('='));
        if (kTiming.count(name))
            kept.timing.insert("{" + body + "}");
        else if (!name.empty() && name[0] == '#')
            kept.problems.push_back("an ID tag {" + body + "} (a row's id names its line; its text has none)");
        else if (body == name && !text::isMarkupTagName(name) && !name.empty())
            kept.values.insert(name);
    });
    return kept;
}

template <typename Set>
std::string joined(const Set& tags, const char* open = "", const char* close = "") {
    std::string out;
    for (const auto& tag : tags) out += (out.empty() ? "" : " ") + std::string(open) + tag + close;
    return out.empty() ? "none" : out;
}

// The source table (NAME.en.csv) against the script: --strings extract keeps
// it; a row missing, gone or with other text means it was not run since.
void checkSourceTable(const lang::StringTable& source, const lang::StringTable& table, const std::string& path,
                      std::vector<std::string>& out) {
    const std::string fix = " (run --strings extract)";
    for (const auto& sourceRow : source.rows)
        if (!table.find(sourceRow.id))
            out.push_back(path + ": en: line ID '" + sourceRow.id + "' (" + sourceRow.file + ":" +
                          std::to_string(sourceRow.sourceLine) + ") has no row" + fix);
    for (const auto& row : table.rows) {
        std::string at = path + ":" + std::to_string(row.tableLine) + ": en: line ID '" + row.id + "' ";
        const lang::StringRow* sourceRow = source.find(row.id);
        if (!sourceRow)
            out.push_back(at + "is not in the script" + fix);
        else if (row.text != sourceRow->text || row.lock != sourceRow->lock)
            out.push_back(at + "is not the script's line at " + sourceRow->file + ":" +
                          std::to_string(sourceRow->sourceLine) + fix);
    }
}

// Findings about one language's table.
void checkTable(const lang::StringTable& source, const lang::StringTable& table, const std::string& code,
                const std::string& path, std::vector<std::string>& out) {
    auto at = [&](const lang::StringRow& row) {
        return path + ":" + std::to_string(row.tableLine) + ": " + code + ": ";
    };
    auto where = [](const lang::StringRow& row) { return row.file + ":" + std::to_string(row.sourceLine); };
    for (const auto& sourceRow : source.rows)
        if (!table.find(sourceRow.id))
            out.push_back(path + ": " + code + ": line ID '" + sourceRow.id + "' (" + where(sourceRow) +
                          ") has no row: it is shown in the source language");
    for (const auto& row : table.rows) {
        const lang::StringRow* sourceRow = source.find(row.id);
        if (!sourceRow) {
            out.push_back(at(row) + "line ID '" + row.id + "' is not in the script (" + source.rows.front().file + ")" +
                          (row.text.empty() ? "" : ": its text is kept for a line that may come back"));
            continue;
        }
        if (row.text.empty()) {
            out.push_back(at(row) + "line ID '" + row.id + "' is not translated yet (" + where(*sourceRow) + ")");
            continue;
        }
        if (lang::isStale(row, sourceRow->text))
            out.push_back(at(row) + "line ID '" + row.id + "' is stale: its source (" + where(*sourceRow) +
                          ") changed since it was translated");
        std::string error;
        auto shown = text::parseMarkup(withPlaceholders(sourceRow->text), text::MarkupPlace::Typed, error);
        auto translated = text::parseMarkup(withPlaceholders(row.text), text::MarkupPlace::Typed, error);
        if (!translated) {
            out.push_back(at(row) + "line ID '" + row.id + "': " + error);
            continue;
        }
        std::string change = shown ? lang::eventTagChange(*shown, *translated) : "";
        if (!change.empty())
            out.push_back(at(row) + "line ID '" + row.id + "': the translation " + change +
                          " (a translation keeps the source's {signal}, {sound} and {face} tags; the source line "
                          "is shown instead)");
        KeptTags want = keptTagsOf(sourceRow->text), got = keptTagsOf(row.text);
        for (const auto& problem : got.problems) out.push_back(at(row) + "line ID '" + row.id + "': " + problem);
        if (got.timing != want.timing)
            out.push_back(at(row) + "line ID '" + row.id + "': timing tags " + joined(got.timing) +
                          ", the source has " + joined(want.timing) +
                          " (a translation keeps the source's pauses and "
                          "speeds)");
        if (got.values != want.values)
            out.push_back(at(row) + "line ID '" + row.id + "': values " + joined(got.values, "{", "}") +
                          ", the source has " + joined(want.values, "{", "}") +
                          " (a translation fills the same values as its source)");
    }
}

}  // namespace

std::vector<std::string> checkTables(const std::vector<ScriptHost::WrittenLine>& lines, const std::string& label,
                                     const std::string& scriptPath) {
    std::vector<std::string> out;
    lang::StringTable source = sourceTable(lines, label, label);
    std::error_code ec;
    if (std::string path = lang::tablePathFor(scriptPath, lang::kSourceLanguage);
        std::filesystem::exists(pathFromUtf8(path), ec)) {
        lang::StringTable table;
        std::vector<std::string> problems;
        bool readable = lang::loadStringTable(path, lang::kSourceLanguage, table, problems);
        out.insert(out.end(), problems.begin(), problems.end());
        if (readable) checkSourceTable(source, table, path, out);
    }
    for (const auto& code : lang::knownLanguages(scriptPath)) {
        if (code == lang::kSourceLanguage || code == lang::kPseudoLanguage) continue;
        std::string path = lang::tablePathFor(scriptPath, code);
        const std::string shown = ScriptHost::shownPath(path);  // named as the script is: as a person opens it
        lang::StringTable table;
        std::vector<std::string> problems;
        bool readable = lang::loadStringTable(path, code, table, problems);
        // Each bad row costs the game that row; a table it cannot read costs it the language.
        for (std::string& problem : problems) {
            if (problem.rfind(path, 0) == 0) problem = shown + problem.substr(path.size());
            out.push_back(problem + (readable ? " (the game leaves this row out: its line is shown in the source "
                                                "language)"
                                              : " (the game plays in the source language)"));
        }
        if (readable && !source.rows.empty()) checkTable(source, table, code, shown, out);
    }
    return out;
}

int runStrings(const Setup& setup) {
    const CommandLine& cmd = setup.cmd;
    if (cmd.stringsAction != "extract" && cmd.stringsAction != "merge") {
        std::cerr << "stagehand: --strings needs extract or merge, not '" << cmd.stringsAction << "'\n";
        return kExitBadInput;
    }
    std::string language = cmd.stringsAction == "extract" ? std::string(lang::kSourceLanguage) : cmd.language;
    if (cmd.stringsAction == "merge" && (language.empty() || language == lang::kSourceLanguage ||
                                         language == lang::kPseudoLanguage || !lang::isLanguageCode(language))) {
        std::cerr << "stagehand: --strings merge needs --lang CODE, the language of the table to bring up to date "
                     "(letters, digits and -; not en, which extract writes, nor pseudo)\n";
        return kExitBadInput;
    }
    auto sim = loadSimulation(setup, nullptr, true);
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    if (!sim->host().writtenLines(lines, error)) {
        std::cerr << error << '\n';
        return kExitScriptError;
    }
    appendNames(*sim, lines);
    lang::StringTable source =
        sourceTable(lines, sim->host().chunkLabel(setup.scriptPath), tableFileOf(setup.scriptPath));
    std::string path = lang::tablePathFor(setup.scriptPath, language);
    lang::StringTable table = source;
    MergeSummary summary;
    if (language != lang::kSourceLanguage) {
        lang::StringTable existing;
        std::vector<std::string> problems;
        std::error_code ec;
        if (std::filesystem::exists(pathFromUtf8(path), ec)) lang::loadStringTable(path, language, existing, problems);
        if (!problems.empty()) {  // a row merge cannot read would be lost by the table it writes
            for (const auto& problem : problems) std::cerr << problemLine(problem) << '\n';
            std::cerr << problemLine(path + ": nothing written: fix the table, then merge again") << '\n';
            return kExitBadInput;
        }
        table = mergeTable(source, existing, language, summary);
    }
    if (!lang::writeStringTable(path, table, error)) {
        std::cerr << problemLine(error) << '\n';
        return kExitBadInput;
    }
    std::cout << "wrote " << path << " (" << table.rows.size() << " lines";
    if (language != lang::kSourceLanguage)
        std::cout << ": " << summary.added << " new, " << summary.stale << " stale, " << summary.removed
                  << " removed but kept for their text, " << summary.dropped << " removed";
    std::cout << ")\n";
    return kExitOk;
}

}  // namespace stagehand
