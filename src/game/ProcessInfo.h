// One row of the process inspector: a live script process, what it waits on
// and where. The script host fills these; the view draws them.
#pragma once

#include <string>

namespace stagehand {

struct ProcessInfo {
    std::string name, status, waiting, detail, where;
};

}  // namespace stagehand
