#include "app/author/GameCheck.h"

#include "app/author/StringTableTools.h"
#include "app/run/Simulation.h"

namespace stagehand {

std::vector<std::string> checkFindings(const Setup& setup) {
    auto sim = loadSimulation(setup, nullptr, true);
    auto findings = sim->host().check();
    findings.insert(findings.begin(), setup.gameProblems.begin(), setup.gameProblems.end());  // game.json's
    // The maps' own warnings (an actor hidden under the dialogue box), each at its file:line.
    for (const auto& warning : sim->world().maps().warnings) findings.push_back(warning);
    for (const auto& failure : sim->world().maps().failures) findings.push_back(failure.line);  // maps left out
    // The string tables beside the script, language by language (src/app/author/StringTableTools.h).
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    if (sim->host().writtenLines(lines, error)) {
        appendNames(*sim, lines);  // scene titles and actors' names
        for (const auto& line : checkTables(lines, ScriptHost::shownPath(setup.scriptPath), setup.scriptPath))
            findings.push_back(line);
    }
    return findings;
}

}  // namespace stagehand
