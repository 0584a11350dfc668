#include "app/author/GamePackage.h"

#include <SDL.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "app/author/GameCheck.h"
#include "app/run/Simulation.h"
#include "app/run/UserFolder.h"
#include "platform/Archive.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"
#include "render/ImageFiles.h"

namespace stagehand {

namespace fs = std::filesystem;

// The archives' name: the title (else the folder's name) in lower case with
// dashes, and the version: "the-clock-tower-1.0".
std::string packageName(const std::string& gameFolder, const GameDescription& game) {
    std::string title = game.title.empty() ? utf8Path(fs::absolute(pathFromUtf8(gameFolder)).filename()) : game.title;
    std::string name = fileNameOfTitle(title);
    if (name.empty()) name = "game";
    // The version as a file name can carry it: "1.0 beta/2" is "1.0-beta-2".
    std::string version;
    for (char c : game.version) {
        const bool kept = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '+' || c == '_';
        if (kept)
            version += c;
        else if (!version.empty() && version.back() != '-')
            version += '-';
    }
    while (!version.empty() && version.back() == '-') version.pop_back();
    return version.empty() ? name : name + "-" + version;
}

std::vector<fs::path> bundledLibrariesIn(const fs::path& folder) {
    std::error_code ec;
    std::vector<fs::path> libraries;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const std::string leaf = utf8Path(entry.path().filename());
        // NAME.so, or NAME.so followed by its version's numbers: NAME.so.1.2
        const auto so = leaf.find(".so");
        const std::string version = so == std::string::npos ? "" : leaf.substr(so + 3);
        const bool numbers = version.find_first_not_of("0123456789.") == std::string::npos &&
                             (version.empty() || (version.front() == '.' && version.back() != '.'));
        if (so != std::string::npos && so > 0 && numbers && entry.is_regular_file(ec))
            libraries.push_back(entry.path());
    }
    std::sort(libraries.begin(), libraries.end());
    return libraries;
}

bool forTheAuthorOnly(const std::string& relativePath) {
    auto lower = [](std::string text) {
        for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return text;
    };
    const fs::path path = pathFromUtf8(relativePath);
    if (path.empty()) return false;
    if (lower(utf8Path(*path.begin())) == kAuthorNotesFolder && std::next(path.begin()) != path.end()) return true;
    // A file in a hidden folder is hidden too, as addTree leaves it: .git/, and the editor
    // set-up --new writes (.vscode/tasks.json, the LuaLS definitions' copy in .stagehand/).
    for (auto folder = path.begin(); std::next(folder) != path.end(); ++folder) {
        const std::string name = utf8Path(*folder);
        if (name.size() > 1 && name[0] == '.' && name != "..") return true;
    }
    const std::string leaf = lower(utf8Path(path.filename()));
    if (leaf.empty()) return false;
    auto endsWith = [&](const std::string& end) {
        return leaf.size() > end.size() && leaf.compare(leaf.size() - end.size(), end.size(), end) == 0;
    };
    return leaf[0] == '.' || leaf.back() == '~' || (leaf.size() > 1 && leaf.front() == '#' && leaf.back() == '#') ||
           endsWith(".bak") || endsWith(".orig") || endsWith(".tmp") || endsWith(".swp") || leaf == "thumbs.db" ||
           leaf == "desktop.ini";
}

namespace {

// Every file under `folder` (sorted, so archives come out the same), named
// `prefix`/its path; files under `skip` (the output folder) are left out, and
// so are hidden ones (.git; .luarc.json, .vscode/ and .stagehand/, the editor set-up --new
// writes) and, with `gameFolder`, the author's own (forTheAuthorOnly).
void addTree(const fs::path& folder, const std::string& prefix, const fs::path& skip,
             std::vector<ArchiveEntry>& entries, bool gameFolder = false) {
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
        if (!it->is_regular_file(ec) || hidden) continue;
        if (gameFolder && forTheAuthorOnly(utf8Path(it->path().lexically_relative(folder)))) continue;
        files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files)
        entries.push_back({prefix + "/" + utf8Path(file.lexically_relative(folder)), file, false});
}

// Every file under `folder`, named by its path there: a folder as a .zip with its files at the top.
std::vector<ArchiveEntry> folderEntries(const fs::path& folder) {
    std::vector<ArchiveEntry> entries;
    addTree(folder, "", {}, entries);
    for (auto& entry : entries) entry.name.erase(0, 1);  // addTree's "/" after the empty prefix
    return entries;
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
    addTree(scripts / "stage", name + "/scripts/stage", {}, entries);
    addTree(pathFromUtf8(joinPath(dataRoot, "assets")), name + "/assets", {}, entries);
}

// This program's folder (SDL's base path, with no trailing separator).
fs::path thisProgramsFolder() {
    char* base = SDL_GetBasePath();
    fs::path dir = base ? pathFromUtf8(base) : fs::path();
    SDL_free(base);
    return dir.has_filename() ? dir : dir.parent_path();
}

#ifndef _WIN32
// This program's file: the one the Linux archive holds.
fs::path thisProgram() {
    std::error_code ec;
    fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) return self;
    return thisProgramsFolder() / "stagehand";
}

// The shared libraries beside this program (its lib/) go beside it in the archive.
void addBundledLibraries(const std::string& name, std::vector<ArchiveEntry>& entries) {
    for (const auto& library : bundledLibrariesIn(thisProgram().parent_path() / "lib"))
        entries.push_back({name + "/lib/" + utf8Path(library.filename()), library, false});
}
#endif

// An SDK (tools/make-sdk.sh) carries the other platforms' engines beside its
// stagehand: engines/windows (stagehand.exe and its DLLs) and engines/web (a
// web build's site). "" when this program has none for `platform`.
std::string sdkEngine(const char* platform, const char* fileItMustHave) {
    fs::path folder = thisProgramsFolder() / "engines" / platform;
    std::error_code ec;
    return fs::is_regular_file(folder / fileItMustHave, ec) ? utf8Path(folder) : std::string();
}

// The web build's files a game's web folder copies (tools/build-web.sh's
// site, built with no game: its game.data holds the engine's scripts and assets).
constexpr const char* kWebEngineFiles[] = {"index.html", "stagehand.js", "stagehand.wasm", "game.js", "game.data"};

// NAME-web/: the web engine's files, and the game's own files at /game of the
// page's file system: game-files.data (their bytes, one after another) and
// game-files.json (each file's path and byte range), which web/pre.js reads in
// before the program starts; arguments.json makes the page play /game.
// The page is the game's: index.html's <title> is the game's title and, when
// game.json names an icon, its favicon is that picture (favicon.png, 32 pixels).
struct WebIdentity {
    std::string title;
    SDL_Surface* icon = nullptr;  // RGBA32, or none
};

// index.html with its <title> and icon link the game's (each left as it is where the page has none).
std::string pageOfGame(std::string page, const WebIdentity& identity) {
    auto replaceElement = [&](const std::string& open, const std::string& close, const std::string& with) {
        std::size_t start = page.find(open);
        std::size_t end = start == std::string::npos ? start : page.find(close, start + open.size());
        if (end != std::string::npos) page.replace(start, end + close.size() - start, with);
    };
    replaceElement("<title>", "</title>", "<title>" + htmlEscaped(identity.title) + "</title>");
    if (identity.icon) replaceElement("<link rel=\"icon\"", ">", "<link rel=\"icon\" href=\"favicon.png\">");
    return page;
}

bool writeWebFolder(const fs::path& engine, const fs::path& folder, const std::vector<ArchiveEntry>& gameFiles,
                    const std::string& gamePrefix, const WebIdentity& identity, std::string& error) {
    std::error_code ec;
    fs::remove_all(folder, ec);
    fs::create_directories(folder, ec);
    if (ec) return (error = "cannot make the folder " + utf8Path(folder) + ": " + ec.message(), false);
    for (const char* name : kWebEngineFiles) {
        if (std::string(name) != "index.html") {
            if (!fs::copy_file(engine / name, folder / name, ec))
                return (error = "cannot copy " + utf8Path(engine / name) + ": " + ec.message(), false);
            continue;
        }
        std::ifstream in(engine / name, std::ios::binary);
        std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::ofstream out(folder / name, std::ios::binary);
        out << pageOfGame(page, identity);
        if (!in.good() && !in.eof()) return (error = "cannot read " + utf8Path(engine / name), false);
        if (!out.flush()) return (error = "cannot write " + utf8Path(folder / name), false);
    }
    if (identity.icon) {
        SurfacePtr favicon = iconOf(*identity.icon, 32);
        if (!favicon || !saveRgbaPng(folder / "favicon.png", *favicon, error)) return false;
    }
    std::ofstream data(folder / "game-files.data", std::ios::binary);
    nlohmann::json files = nlohmann::json::array();
    std::size_t offset = 0;
    for (const auto& entry : gameFiles) {
        std::ifstream in(entry.source, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) return (error = "cannot read " + utf8Path(entry.source), false);
        data << bytes;
        files.push_back({{"path", "/game" + entry.name.substr(gamePrefix.size())},
                         {"start", offset},
                         {"end", offset + bytes.size()}});
        offset += bytes.size();
    }
    std::ofstream(folder / "game-files.json", std::ios::binary) << files.dump() << '\n';
    std::ofstream(folder / "arguments.json", std::ios::binary)
        << nlohmann::json{{"arguments", {"/game"}}, {"gameFiles", "game-files"}}.dump() << '\n';
    if (!data.flush()) return (error = "cannot write " + utf8Path(folder / "game-files.data"), false);
    return true;
}

}  // namespace

namespace {

// What `stagehand GAME --check` finds in the game to be packed (the command
// line's own setup is the engine's: --package names its game apart). A script
// that does not load is a finding too.
std::vector<std::string> checkBeforePacking(const Setup& engine) {
    Setup game;
    game.dataRoot = engine.dataRoot;
    game.cmd.mode = CommandLine::Mode::Check;  // game.json's problems come back as findings, not on stderr
    game.cmd.gamePath = engine.cmd.packagePath;
    std::string error;
    if (!completeSetup(game, error)) return {error};
    try {
        return checkFindings(game);
    } catch (const std::exception& e) {  // LoadError: the script does not load
        return {e.what()};
    }
}

}  // namespace

int runPackage(const Setup& setup) {
    const CommandLine& cmd = setup.cmd;
    std::string script, error;
    if (!mainScriptOf(cmd.packagePath, script, error)) return fail(error, kExitBadInput);
    // Checked before it ships: a game --check finds anything in is not packed (nothing is written),
    // unless --warn-only packs it anyway.
    auto findings = checkBeforePacking(setup);
    for (const auto& finding : findings)
        std::cerr << (cmd.warnOnly ? warningLine(finding) : problemLine(finding)) << '\n';
    if (!findings.empty() && !cmd.warnOnly) {
        std::cerr << "stagehand: " << cmd.packagePath << " was not packed: --check finds " << findings.size()
                  << (findings.size() == 1 ? " thing" : " things")
                  << " to mend first (or --package --warn-only packs it as it is)\n";
        return kExitScriptError;
    }
    GameDescription game;
    std::vector<std::string> problems;  // told above, among the findings
    readGameDescription(script, game, problems);
    std::string folder = gameFolderOf(script), name = packageName(folder, game);
    fs::path out = pathFromUtf8(cmd.outPath);
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) return fail("cannot make the folder " + cmd.outPath + ": " + ec.message(), kExitBadInput);

    std::vector<ArchiveEntry> data;  // what both archives hold besides the program
    addEngineData(setup.dataRoot, name, data);
    std::vector<ArchiveEntry> gameFiles;
    addTree(pathFromUtf8(folder), name + "/game", out, gameFiles, true);
    data.insert(data.end(), gameFiles.begin(), gameFiles.end());

#ifdef _WIN32
    // A Windows build has no Linux program to put in a .tar.gz; its own
    // folder (stagehand.exe and its DLLs) is the .zip's engine.
    // A note, not an error: the run succeeds (stdout, beside the archives it lists).
    std::cout << "note: no Linux archive: a Windows build makes the .zip only (run --package on Linux for "
                 "the .tar.gz)\n";
    std::string windowsEngine = cmd.windowsEnginePath.empty() ? utf8Path(thisProgramsFolder()) : cmd.windowsEnginePath;
#else
    std::vector<ArchiveEntry> linux{{name + "/stagehand", thisProgram(), true}};
    addBundledLibraries(name, linux);
    linux.insert(linux.end(), data.begin(), data.end());
    fs::path tarball = out / (name + "-linux.tar.gz");
    if (!writeTarGz(tarball, linux, error)) return fail(error, kExitBadInput);
    std::cout << utf8Path(tarball) << '\n';
    const std::string windowsEngine =
        cmd.windowsEnginePath.empty() ? sdkEngine("windows", "stagehand.exe") : cmd.windowsEnginePath;
#endif
    const std::string webEngine = cmd.webEnginePath.empty() ? sdkEngine("web", "index.html") : cmd.webEnginePath;
    // A note, not an error: the archive this program can make is made (stdout, beside it).
    if (windowsEngine.empty() && webEngine.empty())
        std::cout << "note: no Windows archive and no web folder: this stagehand is not an SDK's (bash "
                     "tools/make-sdk.sh DIR makes one, with every engine), and no --windows-engine DIR or "
                     "--web-engine DIR names one\n";

    if (!webEngine.empty()) {
        fs::path engine = pathFromUtf8(webEngine);
        for (const char* file : kWebEngineFiles)
            if (!fs::is_regular_file(engine / file, ec))
                return fail(webEngine + " has no " + file + " (a web build's site, as tools/build-web.sh makes it)",
                            kExitBadInput);
        fs::path web = out / (name + "-web");
        WebIdentity identity;
        identity.title = game.title.empty() ? utf8Path(fs::absolute(pathFromUtf8(folder)).filename()) : game.title;
        SurfacePtr icon;
        if (!game.icon.empty()) {
            const FileIndex pictures(AssetKind::Images, assetFolders(AssetKind::Images, script, setup.dataRoot));
            const auto* found = pictures.find(game.icon);
            if (found) icon = loadRgbaImage(*found, error);
            if (!icon && found) return fail(error, kExitBadInput);
            identity.icon = icon.get();
        }
        if (!writeWebFolder(engine, web, gameFiles, name + "/game", identity, error)) return fail(error, kExitBadInput);
        std::cout << utf8Path(web) << '\n';
        // The same folder as one .zip with index.html at its top: the form itch.io takes for a web game.
        fs::path webZip = out / (name + "-web.zip");
        if (!writeZip(webZip, folderEntries(web), error)) return fail(error, kExitBadInput);
        std::cout << utf8Path(webZip) << '\n';
    } else if (!windowsEngine.empty()) {
        std::cout << "note: no web folder: --web-engine DIR names a web build's site (bash tools/make-sdk.sh DIR "
                     "makes an SDK with one)\n";
    }
    if (windowsEngine.empty()) {
        if (!webEngine.empty())
            std::cout << "note: no Windows archive: --windows-engine DIR names a Windows build (bash "
                         "tools/make-sdk.sh DIR makes an SDK with one)\n";
        return kExitOk;
    }
    fs::path engine = pathFromUtf8(windowsEngine);
    if (!fs::is_regular_file(engine / "stagehand.exe", ec))
        return fail(windowsEngine + " has no stagehand.exe (a Windows build's folder)", kExitBadInput);
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
