#include "app/StringTools.h"

#include <iostream>
#include <set>

#include "lang/LineId.h"
#include "lang/Translation.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

// The names a line() template fills ({count}), not markup tags.
std::string valueNames(const std::string& text) {
    static const std::set<std::string> kBareTags = {"w", "b", "i", "wave", "shake", "instant"};
    std::string names;
    for (std::size_t at = 0; at < text.size(); ++at) {
        if (text.compare(at, 2, "{{") == 0) {
            ++at;
            continue;
        }
        if (text[at] != '{') continue;
        std::size_t end = text.find('}', at);
        if (end == std::string::npos) break;
        std::string name = text.substr(at + 1, end - at - 1);
        bool plain = !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
        for (char c : name) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
        if (plain && !kBareTags.count(name)) names += (names.empty() ? "" : ", ") + name;
        at = end;
    }
    return names;
}

std::string commentFor(const ScriptHost::WrittenLine& line) {
    std::string comment = line.speaker.empty() ? line.call : line.speaker;
    if (!line.owner.empty()) comment += "; " + line.owner;
    if (line.call == "line") {
        std::string names = valueNames(line.text);
        if (!names.empty()) comment += "; values: " + names;
    }
    return comment;
}

}  // namespace

void appendNames(Simulation& sim, std::vector<ScriptHost::WrittenLine>& lines) {
    for (const SceneInfo& scene : sim.host().scenes())
        if (!scene.title.empty())
            lines.push_back({0, scene.title + "{#" + lang::sceneTitleId(scene.name) + "}",
                             "scene title (scene menu, save cards)", "", scene.name, "", "shown"});
    for (const Actor& actor : sim.world().cast().actors())
        if (sim.host().writesLiteral(actor.id))
            lines.push_back({0, actor.displayName + "{#" + lang::actorNameId(actor.id) + "}",
                             "actor name (over its lines)", "", actor.id, "", "shown"});
}

lang::StringTable sourceTable(const std::vector<ScriptHost::WrittenLine>& lines, const std::string& label) {
    lang::StringTable table;
    table.language = lang::kSourceLanguage;
    std::set<std::string> seen;
    for (const auto& line : lines) {
        lang::LineText identified = lang::identifyLine(line.text, label);
        if (identified.text.empty() || !seen.insert(identified.id).second) continue;  // equal texts share an ID
        lang::StringRow row;
        row.id = identified.id;
        row.text = identified.text;
        row.file = label;
        row.sourceLine = line.line;
        row.lock = lang::sourceLock(identified.text);
        row.comment = commentFor(line);
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
        if (row.comment.rfind(kRemovedNote, 0) != 0) row.comment = kRemovedNote + row.comment;
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
    }
}

}  // namespace

std::vector<std::string> checkTables(const std::vector<ScriptHost::WrittenLine>& lines, const std::string& label,
                                     const std::string& scriptPath) {
    std::vector<std::string> out;
    lang::StringTable source = sourceTable(lines, label);
    for (const auto& code : lang::knownLanguages(scriptPath)) {
        if (code == lang::kSourceLanguage || code == lang::kPseudoLanguage) continue;
        std::string path = lang::tablePathFor(scriptPath, code), error;
        const std::string shown = ScriptHost::shownPath(path);  // named as the script is: as a person opens it
        lang::StringTable table;
        if (!lang::loadStringTable(path, code, table, error)) {
            if (error.rfind(path, 0) == 0) error = shown + error.substr(path.size());
            out.push_back(error + " (the game plays in the source language)");
            continue;
        }
        if (!source.rows.empty()) checkTable(source, table, code, shown, out);
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
    lang::StringTable source = sourceTable(lines, sim->host().chunkLabel(setup.scriptPath));
    std::string path = lang::tablePathFor(setup.scriptPath, language);
    lang::StringTable table = source;
    MergeSummary summary;
    if (language != lang::kSourceLanguage) {
        lang::StringTable existing;
        std::error_code ec;
        if (std::filesystem::exists(pathFromUtf8(path), ec) &&
            !lang::loadStringTable(path, language, existing, error)) {
            std::cerr << "stagehand: " << error << " (nothing written: fix the table, then merge again)\n";
            return kExitBadInput;
        }
        table = mergeTable(source, existing, language, summary);
    }
    if (!lang::writeStringTable(path, table, error)) {
        std::cerr << "stagehand: " << error << '\n';
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
