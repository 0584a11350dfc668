#include "app/run/SaveSlots.h"

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "app/run/UserFolder.h"
#include "lang/EngineWords.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

std::string slotFile(int number, const char* extension) {
    char name[32];
    std::snprintf(name, sizeof name, "slot-%02d.%s", number, extension);
    return joinPath(saveFolder(), name);
}

std::string fileName(const std::string& path) {
    return path.substr(path.find_last_of("/\\") + 1);
}

}  // namespace

std::string saveFolder() {
    std::string user = userFolder();
    std::string folder = user.empty() ? "stagehand-saves" : joinPath(user, "saves");
    std::error_code ignored;  // a failure shows when a save is written
    std::filesystem::create_directories(pathFromUtf8(folder), ignored);
    return folder;
}

std::string slotPath(int number) {
    return slotFile(number, "txt");
}

std::string slotThumbnailPath(int number) {
    return slotFile(number, "png");
}

SlotInfo readSlot(int number, const std::string& scriptPath) {
    SlotInfo slot = readSaveFile(slotPath(number), scriptPath);
    slot.number = number;
    slot.thumbnail = slotThumbnailPath(number);
    return slot;
}

SlotInfo readSaveFile(const std::string& path, const std::string& scriptPath) {
    SlotInfo slot;
    slot.path = path;
    std::error_code missing;
    if (!std::filesystem::exists(pathFromUtf8(slot.path), missing)) return slot;
    slot.state = SlotInfo::State::Damaged;
    std::ifstream in(pathFromUtf8(slot.path), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string error;
    if (!in || !InputLog::parse(text.str(), fileName(slot.path), slot.save, error)) {
        slot.problem = error.empty() ? lang::word("save.unreadable") : error;
        return slot;
    }
    if (slot.save.scene.empty() || slot.save.scriptIdentity.empty() || slot.save.at == 0) {
        slot.problem = lang::word("save.incomplete");
        return slot;
    }
    if (!slot.save.file.empty() && slot.save.file != fileName(scriptPath)) {
        slot.problem = lang::word("save.otherScript", {{"file", slot.save.file}});
        return slot;
    }
    slot.state = SlotInfo::State::Ready;
    slot.title = slot.save.title.empty() ? slot.save.scene : slot.save.title;
    slot.date = slot.save.date;
    slot.played = slot.save.played;
    return slot;
}

std::vector<SlotInfo> listSlots(const std::string& scriptPath) {
    std::vector<SlotInfo> slots;
    for (int n = 1; n <= kSaveSlotCount; ++n) slots.push_back(readSlot(n, scriptPath));
    return slots;
}

std::optional<SlotInfo> latestSave(const std::string& scriptPath, const std::string& quicksavePath) {
    std::vector<SlotInfo> saves = listSlots(scriptPath);
    saves.push_back(readSaveFile(quicksavePath, scriptPath));
    std::optional<SlotInfo> latest;
    std::filesystem::file_time_type latestTime{};
    for (auto& save : saves) {
        if (save.state != SlotInfo::State::Ready) continue;
        std::error_code failed;
        auto written = std::filesystem::last_write_time(pathFromUtf8(save.path), failed);
        if (failed || (latest && written <= latestTime)) continue;
        latestTime = written;
        latest = std::move(save);
    }
    return latest;
}

bool writeFileSafely(const std::string& path, const std::string& text, std::string& error) {
    std::string temporary = path + ".tmp";
    {
        std::ofstream out(pathFromUtf8(temporary), std::ios::binary | std::ios::trunc);
        out << text;
        if (!out.flush()) {
            error = "cannot write " + temporary + " (the old save is kept)";
            std::error_code ignored;
            std::filesystem::remove(pathFromUtf8(temporary), ignored);
            return false;
        }
    }
    std::error_code failed;
    std::filesystem::rename(pathFromUtf8(temporary), pathFromUtf8(path), failed);
    if (failed) {
        error = "cannot replace " + path + ": " + failed.message() + " (the old save is kept)";
        std::error_code ignored;
        std::filesystem::remove(pathFromUtf8(temporary), ignored);
        return false;
    }
    return true;
}

std::string formatPlayed(double seconds) {
    long total = seconds > 0 ? static_cast<long>(seconds) : 0;
    char out[32];
    if (total >= 3600)
        std::snprintf(out, sizeof out, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
    else
        std::snprintf(out, sizeof out, "%ld:%02ld", total / 60, total % 60);
    return out;
}

std::string dateNow() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
#ifdef _WIN32
    localtime_s(&local, &now);
#else
    localtime_r(&now, &local);
#endif
    char out[32];
    std::strftime(out, sizeof out, "%Y-%m-%d %H:%M", &local);
    return out;
}

}  // namespace stagehand
