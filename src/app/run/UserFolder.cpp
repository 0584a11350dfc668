#include "app/run/UserFolder.h"

#include <SDL.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "platform/Portable.h"

namespace stagehand {

namespace {
std::string& userFolderName() {
    static std::string name = "stagehand";  // the demo's
    return name;
}
}  // namespace

std::string fileNameOfTitle(const std::string& title) {
    std::string name;
    for (unsigned char c : title) {
        if (std::isalnum(c))
            name += static_cast<char>(std::tolower(c));
        else if (!name.empty() && name.back() != '-')
            name += '-';
    }
    while (!name.empty() && name.back() == '-') name.pop_back();
    return name;
}

void useUserFolderOf(const std::string& title) {
    std::string name = fileNameOfTitle(title);
    if (!name.empty()) userFolderName() = name;
}

std::string userFolder() {
    const char* chosen = std::getenv("STAGEHAND_USER_DIR");
    if (chosen && *chosen) {
        std::error_code ignored;  // made if missing, as SDL makes its own; a failure shows when a file is written
        std::filesystem::create_directories(pathFromUtf8(chosen), ignored);
        return chosen;
    }
    char* folder = SDL_GetPrefPath("Stagehand", userFolderName().c_str());
    if (!folder) return "";
    std::string path = folder;
    SDL_free(folder);
    return path;
}

}  // namespace stagehand
