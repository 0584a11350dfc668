#include "app/author/OverflowReport.h"

#include <iostream>
#include <set>

#include "app/author/StringTableTools.h"
#include "app/run/DrawingKit.h"
#include "lang/EngineWords.h"
#include "lang/LineId.h"
#include "lang/Translation.h"
#include "render/ViewLayout.h"

namespace stagehand {

int runOverflowReport(const Setup& setup) {
    const CommandLine& cmd = setup.cmd;
    DrawingKit kit(WindowOptions{"Stagehand", cmd.width, cmd.height, true, false}, setup);
    auto sim = loadSimulation(setup, nullptr, true);
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    if (!sim->host().writtenLines(lines, error)) {
        std::cerr << error << '\n';
        return kExitBadInput;
    }
    const lang::LineProvider& provider = *setup.lines;
    std::string label = ScriptHost::shownPath(setup.scriptPath);
    ViewLayout layout = ViewLayout::fit(cmd.width, cmd.height);
    ViewOverlay overlay;  // the default text size and line spacing
    std::set<std::string> seen;
    int overflowing = 0, measured = 0;
    for (const auto& line : lines) {
        lang::LineText source = lang::identifyLine(line.text, line.file.empty() ? label : line.file);
        if (source.text.empty() || !seen.insert(source.id).second) continue;
        WorldView::TextPlace place = placeOf(line).value_or(WorldView::TextPlace::Dialogue);
        auto markupPlace = place == WorldView::TextPlace::Dialogue || place == WorldView::TextPlace::Narration
                               ? text::MarkupPlace::Typed
                               : text::MarkupPlace::Shown;
        auto shown = text::parseMarkup(withPlaceholders(source.text), markupPlace, error);
        if (!shown) continue;  // --check reports the source's markup
        std::string warning;
        auto translated = provider.translates() ? lang::translateLine(provider, source.id, source.text, *shown,
                                                                      markupPlace, withPlaceholders, warning)
                                                : nullptr;
        std::string where = label + ":" + std::to_string(line.line);
        const lang::StringRow* row = translated ? provider.rowOf(source.id) : nullptr;
        std::string why = kit.view.overflowOf(place, translated ? translated : shown, layout, overlay);
        ++measured;
        if (why.empty()) continue;
        ++overflowing;
        std::cout << (row ? lang::rowPlace(provider, row) + ": " + source.id + " (" + where + ")"
                          : where + ": " + source.id)
                  << ": " << placeName(place) << ": " << why << '\n';
    }
    std::cout << overflowing << " of " << measured << " lines overflow in " << provider.language() << " at "
              << cmd.width << "x" << cmd.height << '\n';
    // The engine's own words (menus, hints, the end card), each in the box it stands in.
    const int linesOverflowing = overflowing;
    overflowing = measured = 0;
    const lang::EngineWords& words = lang::engineWords();
    const lang::StringTable* table = nullptr;
    lang::StringTable engineTable;
    std::string tableError;
    if (provider.translates() &&
        lang::loadStringTable(words.tablePath(provider.language()), provider.language(), engineTable, tableError))
        table = &engineTable;
    for (const lang::EngineWord& w : lang::engineWordList()) {
        if (w.fit <= 0) continue;
        std::string text = withPlaceholders(words.word(w.id));
        Font font = kit.text.font(w.bold ? FontFace::Bold : FontFace::Regular, w.fontSize, layout.scale);
        float width = kit.text.width(font, text);
        ++measured;
        if (width <= w.fit) continue;
        ++overflowing;
        const lang::StringRow* row = table ? table->find(w.id) : nullptr;
        std::cout << (row ? "assets/strings/Engine." + provider.language() + ".csv:" + std::to_string(row->tableLine) +
                                ": "
                          : std::string())
                  << w.id << ": " << w.context << ": " << static_cast<int>(width) << " wide, room for "
                  << static_cast<int>(w.fit) << '\n';
    }
    std::cout << overflowing << " of " << measured << " engine words overflow in " << provider.language() << '\n';
    return overflowing + linesOverflowing > 0 ? kExitScriptError : kExitOk;
}

}  // namespace stagehand
