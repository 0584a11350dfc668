#include "app/GamePackage.h"

#include <SDL.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>

#include "app/PlayerSettings.h"
#include "platform/Archive.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"

namespace stagehand {

namespace fs = std::filesystem;

namespace {

// The archives' name: the title (else the folder's name) in lower case with
// dashes, and the version: "the-clock-tower-1.0".
std::string packageName(const std::string& gameFolder, const GameDescription& game) {
    std::string title = game.title.empty() ? utf8Path(fs::absolute(pathFromUtf8(gameFolder)).filename()) : game.title;
    std::string name = fileNameOfTitle(title);
    if (name.empty()) name = "game";
    return game.version.empty() ? name : name + "-" + game.version;
}

// Every file under `folder` (sorted, so archives come out the same), named
// `prefix`/its path; files under `skip` (the output folder) are left out, and
// so are hidden ones (.git).
void addTree(const fs::path& folder, const std::string& prefix, const fs::path& skip,
             std::vector<ArchiveEntry>& entries) {
    std::error_code ec;
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        std::string leaf = utf8Path(it->path().filename());
        bool hidden = !leaf.empty() && leaf[0] == '.';
        bool skipped = fs::equivalent(it->path(), skip, ec);
        if (it->is_directory(ec) && (hidden || skipped)) {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file(ec) && !hidden) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files)
        entries.push_back({prefix + "/" + utf8Path(file.lexically_relative(folder)), file, false});
}

// The engine's data a game needs: the scheduler and stage scripts and the assets (not the demo).
void addEngineData(const std::string& dataRoot, const std::string& name, std::vector<ArchiveEntry>& entries) {
    // Every engine script beside the demo (a list typed here once missed a new one), not the demo itself.
    fs::path scripts = pathFromUtf8(joinPath(dataRoot, "scripts"));
    std::vector<fs::path> engineScripts;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(scripts, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".lua" && entry.path().filename() != "Demo.lua")
            engineScripts.push_back(entry.path());
    std::sort(engineScripts.begin(), engineScripts.end());  // the same archive on every file system
    for (const auto& file : engineScripts)
        entries.push_back({name + "/scripts/" + utf8Path(file.filename()), file, false});
    addTree(scripts / "wait", name + "/scripts/wait", {}, entries);
    addTree(pathFromUtf8(joinPath(dataRoot, "assets")), name + "/assets", {}, entries);
}

// This program's file: the one the Linux archive holds.
fs::path thisProgram() {
    std::error_code ec;
    fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) return self;
    char* base = SDL_GetBasePath();
    fs::path dir = base ? pathFromUtf8(base) : fs::path();
    SDL_free(base);
    return dir / "stagehand";
}

}  // namespace

int runPackage(const Setup& setup) {
    const CommandLine& cmd = setup.cmd;
    std::string script, error;
    if (!mainScriptOf(cmd.packagePath, script, error)) return fail(error, kExitBadInput);
    GameDescription game;
    if (!readGameDescription(script, game, error)) return fail(error, kExitBadInput);
    std::string folder = gameFolderOf(script), name = packageName(folder, game);
    fs::path out = pathFromUtf8(cmd.outPath);
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) return fail("cannot make the folder " + cmd.outPath + ": " + ec.message(), kExitBadInput);

    std::vector<ArchiveEntry> data;  // what both archives hold besides the program
    addEngineData(setup.dataRoot, name, data);
    addTree(pathFromUtf8(folder), name + "/game", out, data);

    std::vector<ArchiveEntry> linux{{name + "/stagehand", thisProgram(), true}};
    linux.insert(linux.end(), data.begin(), data.end());
    fs::path tarball = out / (name + "-linux.tar.gz");
    if (!writeTarGz(tarball, linux, error)) return fail(error, kExitBadInput);
    std::cout << utf8Path(tarball) << '\n';

    if (cmd.windowsEnginePath.empty()) {
        std::cerr << "stagehand: no Windows archive: --windows-engine DIR names a Windows build "
                     "(stagehand.exe and its DLLs, as tools/check-windows.sh makes them)\n";
        return kExitOk;
    }
    fs::path engine = pathFromUtf8(cmd.windowsEnginePath);
    if (!fs::is_regular_file(engine / "stagehand.exe", ec))
        return fail(cmd.windowsEnginePath + " has no stagehand.exe (a Windows build's folder)", kExitBadInput);
    std::vector<ArchiveEntry> windows{{name + "/stagehand.exe", engine / "stagehand.exe", true}};
    std::vector<fs::path> libraries;
    for (const auto& entry : fs::directory_iterator(engine, ec))
        if (entry.path().extension() == ".dll") libraries.push_back(entry.path());
    std::sort(libraries.begin(), libraries.end());
    for (const auto& dll : libraries) windows.push_back({name + "/" + utf8Path(dll.filename()), dll, false});
    windows.insert(windows.end(), data.begin(), data.end());
    fs::path zip = out / (name + "-windows.zip");
    if (!writeZip(zip, windows, error)) return fail(error, kExitBadInput);
    std::cout << utf8Path(zip) << '\n';
    return kExitOk;
}

}  // namespace stagehand
