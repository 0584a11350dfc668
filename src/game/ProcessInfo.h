// One row of the process inspector: a live script process, what it waits on
// and where; or one the last jump cancelled. The script host fills these; the view draws them.
#pragma once

#include <string>

namespace stagehand {

struct ProcessInfo {
    std::string name, status;
    std::string waiting;  // the wait's kind ("seconds", "signal"...), empty when not waiting
    std::string detail;   // what it waits on: seconds left, a signal name, a location...
    std::string summary;  // kind and detail in one line, as the inspector shows it ("seconds 1.5 s")
    std::string where;
    bool stuck = false;      // a hang was reported for it: it waits on something that can never happen
    bool cancelled = false;  // not live: the last jump (or the scene's end) cancelled it; shown after the live ones
};

}  // namespace stagehand
