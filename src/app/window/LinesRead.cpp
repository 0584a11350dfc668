#include "app/window/LinesRead.h"

#include <filesystem>
#include <fstream>

#include "app/run/UserFolder.h"
#include "lang/LineId.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {
const char* const kHeader = "# Stagehand: lines read (the game rewrites this file)";
}

LinesRead LinesRead::load(const std::string& path, std::string& warning) {
    LinesRead read;
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    if (!in) return read;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        bool ok = number == 1 ? line == kHeader : lang::isLineId(line);
        if (!ok) {
            std::string shown = line.size() > 60 ? line.substr(0, 60) + "..." : line;
            warning =
                path + ":" + std::to_string(number) + ": cannot read '" + shown + "'; starting with no lines read";
            return LinesRead{};
        }
        if (number > 1) read.ids_.insert(line);
    }
    return read;
}

void LinesRead::add(const std::string& id) {
    if (ids_.insert(id).second) changed_ = true;
}

bool LinesRead::save(const std::string& path) {
    if (!changed_ || path.empty()) return true;
    std::string temporary = path + ".new";
    {
        std::ofstream out(pathFromUtf8(temporary), std::ios::binary | std::ios::trunc);
        out << kHeader << '\n';
        for (const auto& id : ids_) out << id << '\n';
        if (!out.flush()) return false;
    }
    std::error_code error;
    std::filesystem::rename(pathFromUtf8(temporary), pathFromUtf8(path), error);  // replaces it, at once
    if (error) {
        std::filesystem::remove(pathFromUtf8(temporary), error);
        return false;
    }
    changed_ = false;
    return true;
}

std::string LinesRead::defaultPath() {
    std::string folder = userFolder();
    return folder.empty() ? "" : joinPath(folder, "read.txt");
}

}  // namespace stagehand
