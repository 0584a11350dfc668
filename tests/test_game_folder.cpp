// A game is a folder (platform/GameFolder.h): which script a PATH names, where
// the names an author writes are found (the game's folder, then the engine's
// assets/), what game.json may say, and the modes and the watcher that ask.
#include <gtest/gtest.h>

#include <SDL_image.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "TestSupport.h"
#include "app/author/GamePackage.h"
#include "app/run/DrawingKit.h"
#include "app/run/RunSetup.h"
#include "app/run/ScriptWatcher.h"
#include "app/run/Simulation.h"
#include "app/run/UserFolder.h"
#include "audio/ClipLibrary.h"
#include "game/Cast.h"
#include "game/MapData.h"
#include "platform/BuildTree.h"
#include "platform/GameFiles.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"
#include "render/ImageFiles.h"
#include "render/OffscreenTarget.h"
#include "render/ViewLayout.h"
#include "view/WorldView.h"

namespace stagehand {
namespace {

namespace fs = std::filesystem;

// A fresh folder under this build's scratch folder, emptied first.
fs::path freshFolder(const std::string& name) {
    fs::path dir = test::scratchFolder() / "game_folder" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

std::string ownGame() {
    return test::dataRoot() + "/tests/games/own";
}

// A game's folder for settings and saves, and its archives, are named from its title: every
// letter and digit of any script kept, so two games with titles in other scripts never share one.
TEST(GameFolder, a_title_in_any_script_names_its_own_folder) {
    EXPECT_EQ(fileNameOfTitle("The Clock Tower"), "the-clock-tower");
    EXPECT_EQ(fileNameOfTitle("  Tower -- Tales! "), "tower-tales");
    EXPECT_EQ(fileNameOfTitle("時計塔"), "時計塔");
    EXPECT_EQ(fileNameOfTitle("時計塔「夜」"), "時計塔-夜");
    EXPECT_EQ(fileNameOfTitle("Glockenturm: Ärger & Ölfässer!"), "glockenturm-Ärger-Ölfässer");
    EXPECT_EQ(fileNameOfTitle("برج الساعة"), "برج-الساعة");
    EXPECT_EQ(fileNameOfTitle("a\xff\xfe b"), "a-b") << "a malformed byte separates, as a space does";
    EXPECT_EQ(fileNameOfTitle("?!"), "");
}

// A portrait is never stretched: the frame shows a square of the picture, a
// tall one's top (the face of a full-length sprite), a wide one's middle.
TEST(GameFolder, a_portrait_keeps_its_pictures_shape) {
    for (auto [w, h] : {std::pair{120, 240}, {240, 120}, {160, 160}, {1280, 720}, {1, 1000}}) {
        TextureRegion r = portraitRegion(w, h);
        const float shownW = (r.u1 - r.u0) * static_cast<float>(w), shownH = (r.v1 - r.v0) * static_cast<float>(h);
        EXPECT_NEAR(shownW, shownH, 1e-3f * std::max(w, h)) << w << "x" << h << ": the part shown is square";
        EXPECT_TRUE(r.u0 >= 0 && r.u1 <= 1 && r.v0 >= 0 && r.v1 <= 1) << w << "x" << h;
        EXPECT_FLOAT_EQ(std::min(r.u1 - r.u0, r.v1 - r.v0) < 1 ? std::max(r.u1 - r.u0, r.v1 - r.v0) : 1, 1)
            << w << "x" << h << ": as much of the picture as the square holds";
        if (h > w) {
            EXPECT_EQ(r.v0, 0) << "a tall picture from its top";
        }
        if (w > h) {
            EXPECT_NEAR(r.u0, 1 - r.u1, 1e-6) << "a wide picture from its middle";
        }
    }
}

// The one lookup (GameFiles), over generated folders: two folders of files of
// every kind with names that meet (in one folder, across folders, in
// subfolders, in other extensions and cases), against the rules written out
// again here: a picture is named by its path without its extension, the
// first of .png .jpg .jpeg .bmp .tga .gif; a sound by its stem, .ogg before
// .wav; a map by its stem, two in one folder a conflict (the name goes to a
// later folder); a font by its path; the first folder wins; other files are
// nothing. Modules by theirs: a .lua file under the main script's folder
// (but that script) named by its path with dots, every part a word, at most
// four folders down. Then a file added, and one removed, are seen on refresh.
TEST(GameFiles, each_kind_finds_by_its_rule_in_generated_folders_and_refresh_sees_changes) {
    const std::vector<std::string> pictureTypes = {".png", ".jpg", ".jpeg", ".bmp", ".tga", ".gif"};
    std::mt19937 random(63);
    for (int round = 0; round < 12; ++round) {
        const fs::path root = freshFolder("lookup" + std::to_string(round));
        const std::vector<std::string> folders = {utf8Path(root / "game"), utf8Path(root / "engine")};
        std::map<AssetKind, std::map<std::string, fs::path>> expected;  // the model: name -> file
        std::map<std::string, int> mapsIn[2];
        auto pick = [&](const std::vector<std::string>& from) { return from[random() % from.size()]; };
        for (std::size_t f = 0; f < folders.size(); ++f) {
            const fs::path folder = pathFromUtf8(folders[f]);
            for (AssetKind kind : {AssetKind::Images, AssetKind::Audio, AssetKind::Maps, AssetKind::Fonts})
                fs::create_directories(folder / assetFolderName(kind) / "ada");
            std::map<std::string, std::pair<int, fs::path>> pictures;  // this folder's: name -> (rank, file)
            std::map<std::string, fs::path> sounds, fonts;
            for (int n = 0; n < 14; ++n) {
                const std::string stem = pick({"keeper", "tower", "door", "sea", "Keeper"});
                const std::string sub = random() % 3 == 0 ? "ada/" : "";
                const int kind = static_cast<int>(random() % 4);
                std::string ext;
                if (kind == 0) ext = pick(pictureTypes);
                if (kind == 1) ext = pick({".ogg", ".wav", ".OGG", ".mp3"});
                if (kind == 2) ext = pick({".tmj", ".json", ".map", ".TMJ"});
                if (kind == 3) ext = pick({".ttf", ".otf"});
                const std::string relative = (kind == 1 || kind == 2 ? "" : sub) + stem + ext;
                const AssetKind kinds[] = {AssetKind::Images, AssetKind::Audio, AssetKind::Maps, AssetKind::Fonts};
                const fs::path file = folder / assetFolderName(kinds[kind]) / pathFromUtf8(relative);
                if (fs::exists(file)) continue;
                std::ofstream(file) << "x";
                const std::string name = (kind == 1 || kind == 2 ? "" : sub) + stem;
                if (kind == 0) {
                    const int rank = static_cast<int>(std::find(pictureTypes.begin(), pictureTypes.end(), ext) -
                                                      pictureTypes.begin());
                    auto known = pictures.find(name);
                    if (known == pictures.end() || rank < known->second.first) pictures[name] = {rank, file};
                } else if (kind == 1 && ext != ".mp3") {
                    std::string lower = ext;
                    std::transform(lower.begin(), lower.end(), lower.begin(),
                                   [](unsigned char c) { return std::tolower(c); });
                    if (!sounds.count(name) || lower == ".ogg") sounds[name] = file;
                } else if (kind == 2 && ext != ".TMJ") {
                    ++mapsIn[f][name];
                    expected[AssetKind::Maps].emplace("?" + std::to_string(f) + name, file);  // decided below
                } else if (kind == 3) {
                    fonts[relative] = file;
                }
            }
            for (const auto& [name, ranked] : pictures) expected[AssetKind::Images].emplace(name, ranked.second);
            for (const auto& [name, file] : sounds) expected[AssetKind::Audio].emplace(name, file);
            for (const auto& [name, file] : fonts) expected[AssetKind::Fonts].emplace(name, file);
        }
        // Maps: a name one file of in a folder is that folder's; the first folder that has one wins.
        std::map<std::string, fs::path> maps;
        for (std::size_t f = 0; f < folders.size(); ++f)
            for (const auto& [key, file] : expected[AssetKind::Maps])
                if (key.rfind("?" + std::to_string(f), 0) == 0) {
                    const std::string name = key.substr(2);
                    if (mapsIn[f][name] == 1) maps.emplace(name, file);
                }
        expected[AssetKind::Maps] = maps;
        for (AssetKind kind : {AssetKind::Images, AssetKind::Audio, AssetKind::Maps, AssetKind::Fonts}) {
            SCOPED_TRACE("round " + std::to_string(round) + ", " + assetFolderName(kind));
            const FileIndex index(kind,
                                  {folders[0] + "/" + assetFolderName(kind), folders[1] + "/" + assetFolderName(kind)});
            std::map<std::string, fs::path> found;
            for (const auto& [name, at] : index.files()) found[name] = at.file;
            EXPECT_EQ(found, expected[kind]);
            for (const auto& [name, file] : expected[kind]) {
                ASSERT_TRUE(index.find(name)) << name;
                EXPECT_EQ(*index.find(name), file);
            }
            EXPECT_FALSE(index.find("nothing"));
            std::size_t conflicts = 0;
            for (int f = 0; f < 2; ++f)
                for (const auto& [name, count] : mapsIn[f]) conflicts += count > 1 ? count - 1 : 0;
            EXPECT_EQ(index.conflicts().size(), kind == AssetKind::Maps ? conflicts : 0u);
        }
        // Modules: the .lua files (so spelt) under the main script's folder, but the main script, each named
        // by its path with dots for its folders, every part a word (a letter or _, then letters, digits and _),
        // in at most four folders; any other file is nothing. Looked up through the run's GameFiles.
        {
            const fs::path code = root / "code";
            const std::string mainScript = utf8Path(code / "main.lua");
            write(code / "main.lua", "-- the main script");
            std::map<std::string, fs::path> modules;  // the model: name -> file
            auto isWord = [](const std::string& part) {
                if (part.empty() || std::isdigit(static_cast<unsigned char>(part[0]))) return false;
                return std::all_of(part.begin(), part.end(),
                                   [](unsigned char c) { return std::isalnum(c) || c == '_'; });
            };
            for (int n = 0; n < 40; ++n) {
                std::vector<std::string> parts;
                const int depth = static_cast<int>(random() % 7);
                for (int d = 0; d < depth; ++d) parts.push_back(pick({"chapters", "people", "a_1", "2nd", "my.notes"}));
                parts.push_back(pick({"main", "one", "Two", "_three", "4th", "my.notes", "x-y"}));
                const std::string ext = pick({".lua", ".lua", ".LUA", ".txt"});
                fs::path file = code;
                for (const auto& part : parts) file /= pathFromUtf8(part);
                file += ext;
                if (fs::exists(file)) continue;
                write(file, "return {}");
                std::string name;
                bool named = ext == ".lua" && depth <= 4 && file != code / "main.lua";
                for (const auto& part : parts) {
                    named = named && isWord(part);
                    name += (name.empty() ? "" : ".") + part;
                }
                if (named) modules[name] = file;
            }
            GameFiles files(mainScript, test::dataRoot());
            const FileIndex& index = files.modules();
            EXPECT_EQ(index.folders(), std::vector<std::string>{utf8Path(code)}) << "the main script's folder alone";
            std::map<std::string, fs::path> found;
            for (const auto& [name, at] : index.files()) found[name] = at.file;
            EXPECT_EQ(found, modules) << "round " << round;
            for (const auto& [name, file] : modules) {
                ASSERT_TRUE(index.find(name)) << name;
                EXPECT_EQ(*index.find(name), file);
            }
            EXPECT_FALSE(index.find("main")) << "the main script is never a module";
            write(code / "chapters" / "late.lua", "return {}");
            EXPECT_FALSE(index.has("chapters.late"));
            EXPECT_TRUE(files.refresh()) << "a module saved since is seen on refresh";
            EXPECT_TRUE(index.has("chapters.late"));
        }
        // A file saved since, and one taken away: refresh sees both, and says nothing changed after.
        FileIndex pictures(AssetKind::Images, {folders[0] + "/images", folders[1] + "/images"});
        std::ofstream(pathFromUtf8(folders[1]) / "images" / "lighthouse.png") << "x";
        EXPECT_FALSE(pictures.has("lighthouse"));
        EXPECT_TRUE(pictures.refresh());
        EXPECT_TRUE(pictures.has("lighthouse"));
        EXPECT_FALSE(pictures.refresh());
        fs::remove(pathFromUtf8(folders[1]) / "images" / "lighthouse.png");
        EXPECT_TRUE(pictures.refresh());
        EXPECT_FALSE(pictures.has("lighthouse"));
    }
    // A loose script's folder may be a big one (a home folder): its modules are looked for among its
    // first 4095 entries, no more, as they were before the one lookup.
    const fs::path big = freshFolder("lookup-big");
    for (int i = 0; i < 4200; ++i) std::ofstream(big / ("m" + std::to_string(i) + ".lua")) << "return {}";
    EXPECT_EQ(GameFiles(utf8Path(big / "play.lua"), test::dataRoot()).modules().names().size(), 4095u);
    // A folder that does not exist is told (maps say so); one that does and is empty is not.
    const FileIndex none(AssetKind::Maps, {utf8Path(freshFolder("lookup-none") / "missing")});
    EXPECT_EQ(none.unreadable().size(), 1u);
    EXPECT_TRUE(FileIndex(AssetKind::Maps, {utf8Path(freshFolder("lookup-empty"))}).unreadable().empty());
}

TEST(GameFolder, a_folder_names_its_main_lua_and_a_file_names_itself) {
    std::string script, error;
    ASSERT_TRUE(mainScriptOf(ownGame(), script, error)) << error;
    EXPECT_EQ(script, ownGame() + "/main.lua");
    ASSERT_TRUE(mainScriptOf(ownGame() + "/main.lua", script, error)) << error;
    EXPECT_EQ(script, ownGame() + "/main.lua");
    EXPECT_EQ(gameFolderOf(script), ownGame());
}

TEST(GameFolder, a_folder_without_main_lua_is_one_line_naming_what_is_missing) {
    fs::path empty = freshFolder("empty");
    std::string script, error;
    EXPECT_FALSE(mainScriptOf(utf8Path(empty), script, error));
    EXPECT_NE(error.find("is a folder without main.lua"), std::string::npos) << error;
    EXPECT_FALSE(mainScriptOf(utf8Path(empty / "nothing"), script, error));
    EXPECT_NE(error.find("no game at"), std::string::npos) << error;
}

TEST(GameFolder, names_are_looked_up_in_the_games_folder_first_then_the_engines_assets) {
    std::string script = ownGame() + "/main.lua", data = test::dataRoot();
    EXPECT_EQ(assetFolders(AssetKind::Images, script, data),
              (std::vector<std::string>{ownGame() + "/images", data + "/assets/images"}));
    EXPECT_EQ(assetFolders(AssetKind::Audio, script, data),
              (std::vector<std::string>{ownGame() + "/audio", data + "/assets/audio"}));
    // Maps are the one exception: a game folder's are its own (seesEngineMaps).
    EXPECT_EQ(assetFolders(AssetKind::Maps, script, data), (std::vector<std::string>{ownGame() + "/maps"}));
    // The game has no fonts/: the engine's alone.
    EXPECT_EQ(assetFolders(AssetKind::Fonts, script, data), (std::vector<std::string>{data + "/assets/fonts"}));
    // The demo plays by the same rule: its own scripts/images first, then assets/images
    // (and its own scripts/audio, the title music, before assets/audio).
    EXPECT_EQ(assetFolders(AssetKind::Images, data + "/scripts/Demo.lua", data),
              (std::vector<std::string>{data + "/scripts/images", data + "/assets/images"}));
    EXPECT_EQ(assetFolders(AssetKind::Audio, data + "/scripts/Demo.lua", data),
              (std::vector<std::string>{data + "/scripts/audio", data + "/assets/audio"}));
    // A game whose folder is the data folder's assets/ looks in it once.
    EXPECT_EQ(assetFolders(AssetKind::Images, data + "/assets/main.lua", data).size(), 1u);
}

TEST(GameFolder, the_first_folder_that_has_a_name_wins_for_pictures_and_sounds) {
    fs::path game = freshFolder("shadowing");
    std::string data = test::dataRoot();
    // The game's own keeper (a copy of a small picture of its own) hides the engine's.
    fs::create_directories(game / "images");
    fs::copy_file(ownGame() + "/images/tower.png", game / "images" / "keeper.png");
    fs::create_directories(game / "audio");
    fs::copy_file(ownGame() + "/audio/bell.wav", game / "audio" / "gull.wav");
    std::string script = utf8Path(game / "main.lua");
    const FileIndex pictures(AssetKind::Images, assetFolders(AssetKind::Images, script, data));
    EXPECT_EQ(utf8Path(*pictures.find("keeper")), utf8Path(game / "images" / "keeper.png"));
    EXPECT_TRUE(pictures.has("logbook")) << "the engine's pictures stay reachable";

    ClipLibrary clips(assetFolders(AssetKind::Audio, script, data));
    EXPECT_TRUE(clips.has("gull"));
    EXPECT_TRUE(clips.has("thunder"));
    std::string error;
    auto gull = clips.load("gull", error);
    ASSERT_TRUE(gull) << error;
    EXPECT_LT(gull->seconds(), 0.3) << "the game's quarter-second gull, not the engine's";
    EXPECT_NE(clips.whereText().find(utf8Path(game / "audio") + ", " + data + "/assets/audio"), std::string::npos)
        << clips.whereText();
}

// image() takes .png, .jpg (.jpeg), .bmp, .tga and .gif (docs/API.md): a
// picture of each, written here, is found by its name and loads with its
// colour. JPEG's is near, the others' exact.
TEST(GameFolder, a_picture_in_every_format_the_api_names_is_found_and_loads_with_its_colour) {
    fs::path images = freshFolder("formats") / "images";
    fs::create_directories(images);
    SurfacePtr red(SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 24, SDL_PIXELFORMAT_RGB24));
    ASSERT_TRUE(red);
    SDL_FillRect(red.get(), nullptr, SDL_MapRGB(red->format, 200, 30, 20));
    ASSERT_EQ(SDL_SaveBMP(red.get(), utf8Path(images / "b.bmp").c_str()), 0) << SDL_GetError();
    ASSERT_EQ(IMG_SavePNG(red.get(), utf8Path(images / "p.png").c_str()), 0) << IMG_GetError();
    ASSERT_EQ(IMG_SaveJPG(red.get(), utf8Path(images / "j.jpg").c_str(), 95), 0) << IMG_GetError();
    fs::copy_file(images / "j.jpg", images / "e.jpeg");
    {  // TGA: an 18-byte header, then the pixels bottom row first, as B, G, R
        std::ofstream tga(images / "t.tga", std::ios::binary);
        const unsigned char header[18] = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 8, 0, 24, 0};
        tga.write(reinterpret_cast<const char*>(header), sizeof header);
        for (int i = 0; i < 64; ++i) tga << static_cast<char>(20) << static_cast<char>(30) << static_cast<char>(200);
    }
    {  // GIF: one pixel of palette entry 0, (200, 30, 20)
        const unsigned char gif[] = {'G', 'I',  'F', '8', '9', 'a', 1, 0, 1, 0, 0x80, 0, 0, 200,  30,   20, 0,   0,
                                     0,   0x2C, 0,   0,   0,   0,   1, 0, 1, 0, 0,    2, 2, 0x44, 0x01, 0,  0x3B};
        std::ofstream(images / "g.gif", std::ios::binary).write(reinterpret_cast<const char*>(gif), sizeof gif);
    }
    const FileIndex pictures(AssetKind::Images, {utf8Path(images)});
    for (const char* name : {"p", "j", "e", "b", "t", "g"}) {
        SCOPED_TRACE(name);
        ASSERT_TRUE(pictures.has(name));
        std::string error;
        SurfacePtr rgba = loadRgbaImage(*pictures.find(name), error);
        ASSERT_TRUE(rgba) << error;
        const auto* pixel = static_cast<const unsigned char*>(rgba->pixels);
        const int slack = name[0] == 'j' || name[0] == 'e' ? 8 : 0;
        EXPECT_NEAR(pixel[0], 200, slack);
        EXPECT_NEAR(pixel[1], 30, slack);
        EXPECT_NEAR(pixel[2], 20, slack);
        EXPECT_EQ(pixel[3], 255);
    }
}

TEST(GameFolder, pictures_in_a_subfolder_are_named_by_their_path) {
    const FileIndex pictures(AssetKind::Images, {ownGame() + "/images"});
    EXPECT_TRUE(pictures.has("ada/happy"));
    EXPECT_TRUE(pictures.has("ada/neutral"));
    EXPECT_TRUE(pictures.has("tower"));
}

// The demo's clock tower scene plays pictures of its own (tools/make-demo-art.py
// painted them): found beside scripts/Demo.lua in scripts/images, each loads,
// and the scene shows them with no error. An unknown name lists both folders.
TEST(GameFolder, the_demos_clock_tower_pictures_load_from_the_demos_own_folder) {
    std::string data = test::dataRoot(), demo = data + "/scripts/Demo.lua";
    const FileIndex pictures(AssetKind::Images, assetFolders(AssetKind::Images, demo, data));
    std::vector<std::string> names{"clocktower_dusk", "clocktower_night"};
    for (const char* actor : {"hester", "kit", "bram"})
        for (const char* mood : {"neutral", "happy", "worried"}) names.push_back(std::string(actor) + "/" + mood);
    for (const auto& name : names) {
        ASSERT_TRUE(pictures.has(name)) << name;
        EXPECT_EQ(utf8Path(*pictures.find(name)), data + "/scripts/images/" + name + ".png");
        std::string error;
        SurfacePtr rgba = loadRgbaImage(*pictures.find(name), error);
        ASSERT_TRUE(rgba) << error;
        bool backdrop = name.rfind("clocktower_", 0) == 0;
        EXPECT_EQ(rgba->w, backdrop ? 640 : 120) << name;
        EXPECT_EQ(rgba->h, backdrop ? 360 : 230) << name;
        if (!backdrop) {  // a sprite is see-through around the figure
            EXPECT_EQ(static_cast<const std::uint8_t*>(rgba->pixels)[3], 0) << name << "'s top left corner";
        }
    }
    EXPECT_TRUE(pictures.has("keeper")) << "the engine's pictures stay reachable";

    stagehand::Setup setup;
    setup.dataRoot = data;
    setup.cmd.mode = CommandLine::Mode::Headless;
    std::string error;
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    ASSERT_EQ(setup.scriptPath, demo) << "no game named: the demo";
    auto sim = loadSimulation(setup, nullptr, true);
    ASSERT_TRUE(sim->startScene("clocktower", error)) << error;
    for (int i = 0; i < 60 * 60 && !sim->isSceneOver(); ++i) sim->tick();
    EXPECT_TRUE(sim->isSceneOver());
    EXPECT_EQ(sim->host().errorCount(), 0);
    std::vector<std::string> backdrops, sprites;
    for (const auto& e : sim->transcript().events()) {
        if (e.name == "backdrop") backdrops.push_back(*e.field("name"));
        if (e.name == "sprite") sprites.push_back(*e.field("actor") + " " + *e.field("image"));
    }
    EXPECT_EQ(backdrops, (std::vector<std::string>{"clocktower_dusk", "clocktower_night"}));
    EXPECT_EQ(sprites, (std::vector<std::string>{"hester hester", "bram bram", "kit kit"}));

    // A name the demo does not have: the error names both folders, the demo's first.
    ASSERT_TRUE(sim->host().startProcess("backdrop", {ScriptValue::of(std::string("clocktower_dawn"))}, nullptr));
    sim->tick();
    std::vector<std::string> errors;
    for (const auto& e : sim->transcript().events())
        if (e.name == "error") errors.push_back(*e.field("message"));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("backdrop: unknown image 'clocktower_dawn' (did you mean 'clocktower_dusk'?); images are "
                             "PNG, JPG, BMP, TGA or GIF files in " +
                             data + "/scripts/images, " + data + "/assets/images"),
              std::string::npos)
        << errors[0];
}

TEST(GameFolder, a_description_gives_title_size_language_icon_version_and_fonts) {
    fs::path game = freshFolder("described");
    write(game / "game.json",
          R"({"title": "The Clock Tower", "width": 960, "height": 540, "language": "de", "icon": "tower",
              "version": "1.0", "font": "Hand.ttf", "boldFont": "HandBold.ttf"})");
    GameDescription d;
    std::vector<std::string> problems;
    readGameDescription(utf8Path(game / "main.lua"), d, problems);
    EXPECT_TRUE(problems.empty()) << problems[0];
    EXPECT_EQ(d.title, "The Clock Tower");
    EXPECT_EQ(d.width, 960);
    EXPECT_EQ(d.height, 540);
    EXPECT_EQ(d.language, "de");
    EXPECT_EQ(d.icon, "tower");
    EXPECT_EQ(d.version, "1.0");
    EXPECT_EQ(d.font, "Hand.ttf");
    EXPECT_EQ(d.boldFont, "HandBold.ttf");
    // No game.json: the defaults, and no error.
    readGameDescription(utf8Path(freshFolder("undescribed") / "main.lua"), d, problems);
    EXPECT_TRUE(problems.empty()) << problems[0];
    EXPECT_EQ(d.title, "");
}

TEST(GameFolder, a_damaged_description_is_one_line_a_mistake_and_costs_only_its_field) {
    fs::path game = freshFolder("damaged");
    std::string script = utf8Path(game / "main.lua");
    GameDescription d;
    auto problemsOf = [&](const std::string& text) {
        write(game / "game.json", text);
        std::vector<std::string> problems;
        readGameDescription(script, d, problems);
        for (const auto& p : problems) {
            EXPECT_EQ(p.find('\n'), std::string::npos) << "one line: " << p;
            EXPECT_EQ(p.rfind(utf8Path(game / "game.json") + ":", 0), 0u) << "starts with the file: " << p;
        }
        return problems;
    };
    auto problems = problemsOf("{\"title\": \"x\",}");
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0], utf8Path(game / "game.json") +
                               ":1: not JSON: column 15: syntax error while parsing object key - unexpected '}'; "
                               "expected string literal; the game plays as 'damaged', its title from its folder");
    EXPECT_EQ(d.title, "damaged") << "not JSON: the folder's name, every other default";
    problems = problemsOf(R"({"titel": "x", "version": "2.0"})");
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("unknown field \"titel\" (fields: title, width"), std::string::npos) << problems[0];
    EXPECT_EQ(d.version, "2.0") << "the other fields are kept";
    problems = problemsOf(R"({"width": "wide", "height": 500, "title": "Kept"})");
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_NE(problems[0].find("\"width\" needs a whole number of pixels"), std::string::npos) << problems[0];
    EXPECT_NE(problems[1].find("\"width\" and \"height\" go together"), std::string::npos) << problems[1];
    EXPECT_EQ(d.width, 0);
    EXPECT_EQ(d.height, 0) << "a height alone is left out too";
    EXPECT_EQ(d.title, "Kept");
    problems = problemsOf("[1, 2]");
    ASSERT_EQ(problems.size(), 1u) << "not an object";
    EXPECT_NE(problems[0].find("needs one JSON object"), std::string::npos) << problems[0];
    EXPECT_EQ(d.title, "damaged") << "not an object: the folder's name too";
}

// A game.json that does not parse keeps the game its own: the title is its
// folder's (so is its save folder, fileNameOfTitle's of the title), never the
// demo's, and the one line says so at the line the reading stopped, with the
// missing comma it most likely is (issue 59: the comma at the end of line 3,
// which the parser finds at line 4, column 14). The demo, with no game.json,
// and a game whose game.json parses keep their own identities.
TEST(GameFolder, a_description_that_is_not_json_keeps_the_games_folder_identity_and_says_so) {
    fs::path game = freshFolder("My Broken Game");
    write(game / "main.lua", "function scene() end\n");
    write(game / "game.json",
          "{\n    \"title\": \"Lantern\",\n    \"version\": \"1.0\"\n    \"language\": \"en\"\n}\n");
    stagehand::Setup setup;
    setup.dataRoot = test::dataRoot();
    setup.cmd.gamePath = utf8Path(game);
    setup.cmd.mode = CommandLine::Mode::Check;  // its problems are --check's findings, not said on stderr
    std::string error;
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    EXPECT_EQ(setup.game.title, "My Broken Game");
    EXPECT_EQ(fileNameOfTitle(setup.game.title), "my-broken-game") << "its own save folder";
    EXPECT_EQ(setup.game.version, "") << "nothing else of a file that did not parse";
    ASSERT_EQ(setup.gameProblems.size(), 1u);
    EXPECT_EQ(setup.gameProblems[0],
              utf8Path(game / "game.json") +
                  ":4: not JSON: column 14: syntax error while parsing object - unexpected string literal; expected "
                  "'}' (is a comma missing at the end of line 3?); the game plays as 'My Broken Game', its title "
                  "from its folder");

    stagehand::Setup demo;
    demo.dataRoot = test::dataRoot();
    demo.cmd.mode = CommandLine::Mode::Check;
    ASSERT_TRUE(completeSetup(demo, error)) << error;
    EXPECT_EQ(demo.scriptPath, test::dataRoot() + "/scripts/Demo.lua");
    EXPECT_EQ(demo.game.title, "") << "the demo is Stagehand";
    EXPECT_TRUE(demo.gameProblems.empty());
    stagehand::Setup starter = demo;
    starter.cmd.gamePath = test::dataRoot() + "/scripts/starter";
    ASSERT_TRUE(completeSetup(starter, error)) << error;
    EXPECT_EQ(starter.game.title, "Your game") << "its game.json's";
}

// Over generated descriptions, one comma left out: the line names where the
// parser stopped (the next field's name, nlohmann's own line) and the hint the
// line of the value before it, however many blank lines, spaces, escaped
// quotes and backslashes, nested values and fields sharing a line lie between.
// Any other mistake has no hint.
TEST(GameFolder, over_generated_descriptions_a_missing_comma_is_named_at_the_line_it_belongs) {
    const std::vector<std::string> values = {
        "\"plain\"", "\"say \\\"hi\\\"\"", "\"ends in \\\\\"", "1280",       "-1.5e3", "true", "false",
        "null",      "[1, \"two\", [3]]",  "{\"a\": {}}",      "\"時計塔\"", "\"\""};
    const std::vector<std::string> keyEnds = {"", "\\\"quoted\\\"", "\\\\", " with spaces"};
    const std::vector<std::string> gaps = {" ", "\n    ", "\n\n  ", "\n \t\n\t", "\r\n  "};
    fs::path game = freshFolder("comma");
    const std::string file = utf8Path(game / "game.json");
    std::mt19937 random(59);
    for (int round = 0; round < 200; ++round) {
        const std::size_t fields = 2 + random() % 5, dropped = random() % (fields - 1);
        std::string text = "{";
        long line = 1, valueLine = 0, stopLine = 0;
        auto add = [&](const std::string& piece) {
            text += piece;
            line += std::count(piece.begin(), piece.end(), '\n');
        };
        for (std::size_t i = 0; i < fields; ++i) {
            add(gaps[random() % gaps.size()]);
            add("\"k" + std::to_string(i) + keyEnds[random() % keyEnds.size()] + "\"");
            if (i == dropped + 1) stopLine = line;
            add(std::string(random() % 2 ? ": " : " :\n  ") + values[random() % values.size()]);
            if (i == dropped) valueLine = line;
            if (i + 1 < fields && i != dropped) add(random() % 2 ? "," : " ,");
        }
        add("\n}\n");
        write(game / "game.json", text);
        GameDescription d;
        std::vector<std::string> problems;
        readGameDescription(utf8Path(game / "main.lua"), d, problems);
        ASSERT_EQ(problems.size(), 1u) << text;
        EXPECT_EQ(problems[0].rfind(file + ":" + std::to_string(stopLine) + ": not JSON: ", 0), 0u)
            << problems[0] << "\n"
            << text;
        EXPECT_NE(problems[0].find("(is a comma missing at the end of line " + std::to_string(valueLine) + "?)"),
                  std::string::npos)
            << problems[0] << "\n"
            << text;
        EXPECT_EQ(d.title, "comma");
    }
    // In an array too, and a value that is an object or an array.
    for (const auto& [text, hint] : std::vector<std::pair<std::string, long>>{{"{\"a\": [1,\n 2\n 3]}", 2},
                                                                              {"{\"a\": [1,\n [2]\n\n [3]]}", 2},
                                                                              {"{\"a\": 1,\n \"b\": {}\n \"c\": 2}", 2},
                                                                              {"{\"a\": [\n \"x\"\n {}]}", 2},
                                                                              {"{\"a\": 1\n\n\n true}", 1}}) {
        write(game / "game.json", text);
        GameDescription d;
        std::vector<std::string> problems;
        readGameDescription(utf8Path(game / "main.lua"), d, problems);
        ASSERT_EQ(problems.size(), 1u) << text;
        EXPECT_NE(problems[0].find("(is a comma missing at the end of line " + std::to_string(hint) + "?)"),
                  std::string::npos)
            << problems[0] << "\n"
            << text;
    }
    // Other mistakes: no comma is missing.
    for (const char* text :
         {"{\"a\": 1,}", "{\"a\" 1}", "{\"a\": \"open\n}", "{\"a\": tru}", "", "{} {}", "{\"a\": 1 :}", "[1, 2"}) {
        write(game / "game.json", text);
        GameDescription d;
        std::vector<std::string> problems;
        readGameDescription(utf8Path(game / "main.lua"), d, problems);
        ASSERT_EQ(problems.size(), 1u) << text;
        EXPECT_EQ(problems[0].find("comma missing"), std::string::npos) << problems[0];
        EXPECT_NE(problems[0].find(": not JSON: "), std::string::npos) << problems[0];
    }
}

TEST(GameFolder, a_run_of_a_game_plays_its_own_picture_sound_and_map_with_the_engines) {
    stagehand::Setup setup;
    setup.dataRoot = test::dataRoot();
    setup.cmd.gamePath = ownGame();
    setup.cmd.mode = CommandLine::Mode::Headless;
    setup.cmd.scene = "visit";  // the one chapter (with no scene named, the story goes on to the next)
    std::string error;
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    EXPECT_EQ(setup.game.title, "Own Game");
    auto sim = loadSimulation(setup, nullptr, true);
    ASSERT_TRUE(sim->startScene("visit", error)) << error;
    for (int i = 0; i < 600 && !sim->isSceneOver(); ++i) sim->tick();
    EXPECT_EQ(sim->host().errorCount(), 0);
    EXPECT_EQ(sim->world().scenery().backdropPicture(), "tower");
    std::vector<std::string> sounds;
    for (const auto& e : sim->transcript().events())
        if (e.name == "sound") sounds.push_back(*e.field("name"));
    EXPECT_EQ(sounds, (std::vector<std::string>{"bell", "gull"}));
}

// --- A game sees its own maps and cast (issue 59) ---

// A glen of its own, with Ada and a Wren of its own (the demo's cove has a
// `wren` too), and scenes that meet Wren, misspell an actor and walk to the
// demo's dock, written as `scriptName` (main.lua: a game folder; another
// name: a loose script) with `description` as its game.json ("": none).
std::string glenGame(const std::string& name, const std::string& scriptName, const std::string& description) {
    fs::path game = freshFolder(name);
    write(game / "maps" / "glen.map",
          "waypoint camera 640 360\nwaypoint ada_spot 560 420\nwaypoint wren_spot 720 420\n"
          "actor ada \"Ada\" #e8b07a A ada_spot\nactor wren \"Wren of the glen\" #a0c0e0 W wren_spot\n");
    write(game / scriptName,
          "SCENES = { \"meet\", \"misspelt\", \"lost\" }\n"
          "function meet() activate(\"wren\") end\n"
          "function misspelt() activate(\"jakcie\") end\n"
          "function lost() walkTo(\"ada\", \"dock.rhea_start\") end\n");
    if (!description.empty()) write(game / "game.json", description);
    return utf8Path(game / scriptName);
}

// `script` set up as `stagehand SCRIPT --headless` sets it up; no problem in its game.json.
std::unique_ptr<Simulation> glenRun(const std::string& script) {
    stagehand::Setup setup;
    setup.dataRoot = test::dataRoot();
    setup.cmd.gamePath = script;
    setup.cmd.mode = CommandLine::Mode::Headless;
    std::string error;
    EXPECT_TRUE(completeSetup(setup, error)) << error;
    EXPECT_TRUE(setup.gameProblems.empty()) << setup.gameProblems[0];
    return loadSimulation(setup, nullptr, true);
}

// The message of the run's last error, once `scene` has played.
std::string errorOfScene(Simulation& sim, const std::string& scene) {
    std::string error;
    EXPECT_TRUE(sim.startScene(scene, error)) << error;
    for (int i = 0; i < 10 && !sim.isSceneOver(); ++i) sim.tick();
    std::string message;
    for (const auto& e : sim.transcript().events())
        if (e.name == "error") message = *e.field("message");
    return message;
}

// The warnings that an actor id is defined in two maps.
std::vector<std::string> actorsDefinedTwice(Simulation& sim) {
    std::vector<std::string> found;
    for (const auto& warning : sim.world().maps().warnings)
        if (warning.find("is also defined at") != std::string::npos) found.push_back(warning);
    return found;
}

// A game folder (a folder with its main.lua) sees its own maps alone: its
// did-you-mean lists its own cast, never the demo's; its `wren` is its own
// with no word of the demo's cove; the demo's maps are unknown to it, and the
// unknown-map error names its own maps and folder alone.
TEST(GameFolder, a_game_folder_sees_its_own_maps_and_cast_alone) {
    std::string script = glenGame("glen", "main.lua", R"({"title": "Glen"})");
    std::string ownMaps = gameFolderOf(script) + "/maps";
    auto sim = glenRun(script);
    EXPECT_EQ(sim->world().maps().folders, std::vector<std::string>{ownMaps});
    ASSERT_NE(sim->world().cast().findActor("wren"), nullptr);
    EXPECT_EQ(sim->world().cast().findActor("wren")->displayName, "Wren of the glen");
    EXPECT_EQ(actorsDefinedTwice(*sim), std::vector<std::string>{}) << "the demo's wren is the demo's";
    EXPECT_EQ(sim->world().cast().findWaypoint("dock.rhea_start"), nullptr);
    EXPECT_EQ(sim->world().cast().findActor("jackie"), nullptr);
    std::string message = errorOfScene(*sim, "misspelt");
    EXPECT_NE(message.find("activate: unknown actor 'jakcie' (known: ada, wren)"), std::string::npos) << message;
    EXPECT_EQ(message.find("jackie"), std::string::npos) << "the demo's cast: " << message;
    message = errorOfScene(*sim, "lost");
    EXPECT_NE(message.find("walkTo: unknown map 'dock' in 'dock.rhea_start'"), std::string::npos) << message;
    EXPECT_NE(message.find("maps: glen; maps are looked for in " + ownMaps), std::string::npos) << message;
    EXPECT_EQ(message.find("assets/maps"), std::string::npos) << message;
    // Any script of the game's folder plays by the game's rule, not a loose script's.
    write(fs::path(gameFolderOf(script)) / "chapter2.lua", "SCENES = { \"meet\" }\nfunction meet() end\n");
    EXPECT_EQ(assetFolders(AssetKind::Maps, gameFolderOf(script) + "/chapter2.lua", test::dataRoot()),
              std::vector<std::string>{ownMaps});
}

// game.json's "engineMaps": true adds the engine's maps (the demo's) after the
// game's own: the demo's waypoints and cast are known, and the game's `wren`,
// looked for first, is the one used, the cove's a warning naming both.
TEST(GameFolder, a_game_that_asks_for_the_engines_maps_sees_them_after_its_own) {
    std::string script = glenGame("glen_and_demo", "main.lua", R"({"title": "Glen", "engineMaps": true})");
    std::string ownMaps = gameFolderOf(script) + "/maps";
    auto sim = glenRun(script);
    EXPECT_EQ(sim->world().maps().folders, (std::vector<std::string>{ownMaps, test::dataRoot() + "/assets/maps"}));
    EXPECT_NE(sim->world().cast().findWaypoint("dock.rhea_start"), nullptr);
    EXPECT_NE(sim->world().cast().findActor("jackie"), nullptr);
    EXPECT_EQ(sim->world().cast().findActor("wren")->displayName, "Wren of the glen");
    auto twice = actorsDefinedTwice(*sim);
    ASSERT_EQ(twice.size(), 1u);
    EXPECT_NE(twice[0].find("actor 'wren' is also defined at " + ownMaps + "/glen.map:5"), std::string::npos)
        << twice[0];
    std::string message = errorOfScene(*sim, "misspelt");
    EXPECT_NE(message.find("unknown actor 'jakcie' (did you mean 'jackie'?)"), std::string::npos) << message;
    EXPECT_EQ(errorOfScene(*sim, "lost"), message) << "the dock is known: no error of its own";

    // false is the game's maps alone; a value that is not true or false is one line, and the maps alone too.
    write(fs::path(gameFolderOf(script)) / "game.json", R"({"engineMaps": false})");
    EXPECT_EQ(mapSearchFolders({}, script, test::dataRoot()), std::vector<std::string>{ownMaps});
    write(fs::path(gameFolderOf(script)) / "game.json", R"({"engineMaps": "yes"})");
    GameDescription d;
    std::vector<std::string> problems;
    readGameDescription(script, d, problems);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("\"engineMaps\" needs true or false, not \"yes\""), std::string::npos) << problems[0];
    EXPECT_FALSE(d.engineMaps);
    EXPECT_EQ(mapSearchFolders({}, script, test::dataRoot()), std::vector<std::string>{ownMaps});
}

// A loose script (no main.lua beside it: `--script FILE`, the README's
// lamp.lua, the demo) sees the engine's maps after the ones beside it, as it
// always has; the same glen played as a game folder does not.
TEST(GameFolder, a_loose_script_and_the_demo_still_see_the_engines_maps) {
    std::string loose = glenGame("glen_loose", "scenes.lua", "");
    auto sim = glenRun(loose);
    EXPECT_EQ(sim->world().maps().folders,
              (std::vector<std::string>{gameFolderOf(loose) + "/maps", test::dataRoot() + "/assets/maps"}));
    EXPECT_NE(sim->world().cast().findWaypoint("lighthouse.desk"), nullptr) << "the README's example's waypoint";
    EXPECT_NE(sim->world().cast().findActor("maren"), nullptr);
    EXPECT_EQ(actorsDefinedTwice(*sim).size(), 1u) << "the cove's wren, after the glen's";
    std::string message = errorOfScene(*sim, "misspelt");
    EXPECT_NE(message.find("(did you mean 'jackie'?)"), std::string::npos) << message;

    std::string data = test::dataRoot();
    EXPECT_EQ(mapSearchFolders({}, data + "/scripts/Demo.lua", data), std::vector<std::string>{data + "/assets/maps"});

    std::string game = glenGame("glen_folder", "main.lua", "");
    EXPECT_EQ(mapSearchFolders({}, game, data), std::vector<std::string>{gameFolderOf(game) + "/maps"});
}

TEST(GameFolder, a_font_named_by_the_description_is_found_as_fonts_are) {
    fs::path game = freshFolder("font");
    write(game / "main.lua", "function scene() end\n");
    write(game / "game.json", R"({"font": "Hebrew.ttf"})");
    fs::create_directories(game / "fonts");
    fs::copy_file(test::dataRoot() + "/assets/fonts/NotoSansHebrew-Subset.ttf", game / "fonts" / "Hebrew.ttf");
    stagehand::Setup setup;
    setup.dataRoot = test::dataRoot();
    setup.cmd.gamePath = utf8Path(game);
    std::string error;
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    EXPECT_EQ(setup.fontFile, utf8Path(game / "fonts" / "Hebrew.ttf"));
    EXPECT_EQ(setup.boldFontFile, setup.fontFile) << "the bold face is the font when none is named";
    // An engine font by its file name is found too; a missing one lists the folders.
    write(game / "game.json", R"({"font": "DejaVuSans-Bold.ttf"})");
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    EXPECT_EQ(setup.fontFile, test::dataRoot() + "/assets/fonts/DejaVuSans-Bold.ttf");
    // A missing icon or font is one line (--check's, so this says nothing on stderr) and costs only itself.
    setup.cmd.mode = CommandLine::Mode::Check;
    write(game / "game.json", R"({"icon": "nothing", "title": "Still here"})");
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    ASSERT_EQ(setup.gameProblems.size(), 1u);
    EXPECT_NE(setup.gameProblems[0].find("game.json: no picture 'nothing' for the icon in"), std::string::npos)
        << setup.gameProblems[0];
    EXPECT_EQ(setup.game.icon, "");
    EXPECT_EQ(setup.game.title, "Still here");
    // The title screen's picture and music: named ones are found as pictures and sounds are, or said and dropped.
    write(game / "images" / "cover.png", test::readFile(test::dataRoot() + "/scripts/images/title.png"));
    write(game / "game.json", R"({"titlePicture": "cover", "titleMusic": "music_harbour"})");
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    EXPECT_TRUE(setup.gameProblems.empty()) << setup.gameProblems.front();
    EXPECT_EQ(setup.game.titlePicture, "cover");
    EXPECT_EQ(setup.game.titleMusic, "music_harbour") << "the engine's sounds are the game's too";
    write(game / "game.json", R"({"titlePicture": "cvoer", "titleMusic": "nomusic"})");
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    ASSERT_EQ(setup.gameProblems.size(), 2u);
    EXPECT_NE(setup.gameProblems[0].find("game.json: titlePicture: no picture 'cvoer' in "), std::string::npos)
        << setup.gameProblems[0];
    EXPECT_NE(setup.gameProblems[1].find("game.json: titleMusic: no sound 'nomusic' in "), std::string::npos)
        << setup.gameProblems[1];
    EXPECT_EQ(setup.game.titlePicture + setup.game.titleMusic, "") << "dropped: the title screen keeps its own";
    write(game / "game.json", R"({"font": "Nowhere.ttf"})");
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    ASSERT_EQ(setup.gameProblems.size(), 1u);
    EXPECT_NE(setup.gameProblems[0].find("no font file 'Nowhere.ttf' in " + utf8Path(game / "fonts") + ", " +
                                         test::dataRoot() + "/assets/fonts"),
              std::string::npos)
        << setup.gameProblems[0];
    EXPECT_EQ(setup.fontFile, "") << "the engine's font";
}

TEST(GameFolder, hot_reload_watches_the_games_pictures_sounds_and_description) {
    fs::path game = freshFolder("watched");
    write(game / "main.lua", "function scene() end\n");
    write(game / "images" / "ada" / "happy.png", "x");
    write(game / "audio" / "bell.wav", "x");
    write(game / "game.json", "{}");
    ScriptWatcher watcher(utf8Path(game / "main.lua"), test::dataRoot());
    std::string changed;
    EXPECT_FALSE(watcher.poll(0, changed));
    double now = 1;
    for (const fs::path& file :
         {game / "images" / "ada" / "happy.png", game / "audio" / "bell.wav", game / "game.json"}) {
        fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(1));
        ASSERT_TRUE(watcher.poll(now, changed)) << utf8Path(file) << " saved";
        EXPECT_EQ(fs::path(changed).filename(), file.filename());
        now += 1;
    }
}

TEST(GameFolder, backdrop_and_sprite_take_pictures_and_name_the_folders_for_an_unknown_one) {
    test::Stage stage(R"(
function scene()
    backdrop("logbook")
    activate("maren")
    sprite("maren", "ada")
    expression("maren", "happy")
    sprite("maren", "keeper")
    expression("maren", "worried")
    backdrop(nil)
    backdrop("logbok")
end
function unknownSprite()
    activate("maren")
    sprite("maren", "adda")
end
)");
    stage.world.scenery().setImageNames({"ada/happy", "ada/neutral", "keeper", "keeper_worried", "logbook"},
                                        "GAME/images, assets/images");
    stage.startScene("scene");
    stage.ticks(2);
    std::vector<std::string> backdrops, sprites;
    for (const auto* e : stage.events("backdrop")) backdrops.push_back(*e->field("name"));
    for (const auto* e : stage.events("sprite")) sprites.push_back(*e->field("image"));
    EXPECT_EQ(backdrops, (std::vector<std::string>{"logbook", ""}));
    EXPECT_EQ(sprites, (std::vector<std::string>{"ada", "keeper"}));
    const Actor& maren = *stage.world.cast().findActor("maren");
    EXPECT_EQ(Cast::spriteImage(maren, stage.world.scenery().imageNames()), "keeper_worried");
    ASSERT_EQ(stage.events("error").size(), 1u);
    EXPECT_NE(stage.events("error")[0]->field("message")->find(
                  "backdrop: unknown image 'logbok' (did you mean 'logbook'?); images are PNG, JPG, BMP, TGA or GIF "
                  "files in GAME/images, assets/images"),
              std::string::npos)
        << *stage.events("error")[0]->field("message");

    stage.startScene("unknownSprite");
    stage.ticks(2);
    ASSERT_EQ(stage.events("error").size(), 2u);
    EXPECT_NE(stage.events("error")[1]->field("message")->find("sprite: unknown image 'adda' (did you mean 'ada"),
              std::string::npos)
        << *stage.events("error")[1]->field("message");
}

// What portrait(), expression() and sprite() leave an actor with, over
// generated sequences of calls, against a model written from their docs
// (ApiDescription.lua): portrait sets the portrait and sets the expression back
// to none; expression sets it (nil: none); sprite sets the sprite and keeps the
// expression. Every portrait and sprite here has every face, and an
// expression comes only after a portrait or a sprite, so no call fails.
TEST(GameFolder, portrait_expression_and_sprite_leave_an_actor_as_their_docs_say_over_generated_sequences) {
    struct Model {
        std::string portrait, expression, sprite;
    };
    const char* const pictures[] = {"keeper", "ada"};
    const char* const faces[] = {"glad", "worried"};
    std::mt19937 random(42);
    std::string script;
    std::vector<Model> expected;
    for (int scene = 0; scene < 40; ++scene) {
        Model m;
        script += "function s" + std::to_string(scene) + "()\n    activate(\"maren\")\n";
        for (std::size_t n = 1 + random() % 7; n > 0; --n) {
            const bool none = random() % 4 == 0;
            // (an expression needs a portrait or a sprite to change: that is an error, not these)
            const int call = static_cast<int>(random() % 3);
            switch (call == 1 && m.portrait.empty() && m.sprite.empty() ? 0 : call) {
                case 0: {
                    std::string p = pictures[random() % 2];
                    script += "    portrait(\"maren\", " + (none ? "nil" : "\"" + p + "\"") + ")\n";
                    m.portrait = none ? "" : p;
                    m.expression.clear();
                    break;
                }
                case 1: {
                    std::string e = faces[random() % 2];
                    script += "    expression(\"maren\", " + (none ? "nil" : "\"" + e + "\"") + ")\n";
                    m.expression = none ? "" : e;
                    break;
                }
                default: {
                    std::string sp = pictures[random() % 2];
                    script += "    sprite(\"maren\", " + (none ? "nil" : "\"" + sp + "\"") + ")\n";
                    m.sprite = none ? "" : sp;
                }
            }
        }
        script += "end\n";
        expected.push_back(m);
    }
    for (std::size_t scene = 0; scene < expected.size(); ++scene) {
        test::Stage stage(script);
        stage.world.scenery().setImageNames(
            {"ada", "ada/glad", "ada/neutral", "ada/worried", "keeper", "keeper_glad", "keeper_worried"},
            "GAME/images");
        stage.startScene("s" + std::to_string(scene));
        stage.ticks(2);
        ASSERT_TRUE(stage.events("error").empty()) << *stage.events("error")[0]->field("message");
        const Actor& maren = *stage.world.cast().findActor("maren");
        const Model& m = expected[scene];
        EXPECT_EQ(maren.portrait, m.portrait) << "scene s" << scene;
        EXPECT_EQ(maren.expression, m.expression) << "scene s" << scene;
        EXPECT_EQ(maren.sprite, m.sprite) << "scene s" << scene;
    }
}

TEST(GameFolder, a_sprite_shows_the_expressions_picture_from_its_folder_then_neutral) {
    Actor ada;
    std::vector<std::string> pictures{"ada/happy", "ada/neutral", "bob"};
    EXPECT_EQ(Cast::spriteImage(ada, pictures), "") << "no sprite: the disc";
    ada.sprite = "ada";
    EXPECT_EQ(Cast::spriteImage(ada, pictures), "ada/neutral");
    ada.expression = "happy";
    EXPECT_EQ(Cast::spriteImage(ada, pictures), "ada/happy");
    ada.expression = "cross";  // none drawn for it: the neutral one
    EXPECT_EQ(Cast::spriteImage(ada, pictures), "ada/neutral");
    ada.sprite = "bob";
    EXPECT_EQ(Cast::spriteImage(ada, pictures), "bob");
    // A portrait's expression may sit in its folder too.
    ada.portrait = "ada";
    ada.expression = "happy";
    EXPECT_EQ(Cast::portraitImage(ada, pictures), "ada/happy");
}

constexpr int kWidth = 1280, kHeight = 720;
using Rgb = std::vector<int>;

// The tests' own game copied into `game`, file by file: fs::copy(recursive)
// into a folder that exists fails on Windows (MinGW's library: "File exists").
void copyOwnGame(const fs::path& game) {
    for (const auto& entry : fs::recursive_directory_iterator(ownGame())) {
        fs::path target = game / entry.path().lexically_relative(ownGame());
        if (entry.is_directory())
            fs::create_directories(target);
        else
            fs::copy_file(entry.path(), target);
    }
}

// The world of `sim` drawn as the window draws it: the frame's pixels, RGB.
std::vector<std::uint8_t> drawnFrame(DrawingKit& kit, Simulation& sim) {
    OffscreenTarget target(kWidth, kHeight);
    target.bind();
    clearScreen();
    ViewLayout layout = ViewLayout::fit(kWidth, kHeight);
    layout.applyViewport();
    kit.view.draw(sim.world(), layout, ViewOverlay{});
    auto rgb = target.readRgb();
    OffscreenTarget::unbind();
    return rgb;
}

// A copy of the tests' own game whose main.lua is `source`, its scene `scene`
// run for `ticks` and drawn as the window draws it; the frame's pixels, RGB.
std::vector<std::uint8_t> frameOfOwnGame(const std::string& name, const std::string& source, int ticks) {
    fs::path game = freshFolder(name);
    copyOwnGame(game);
    write(game / "main.lua", source);
    stagehand::Setup setup;
    setup.dataRoot = test::dataRoot();
    setup.cmd.gamePath = utf8Path(game);
    std::string error;
    EXPECT_TRUE(completeSetup(setup, error)) << error;
    DrawingKit kit(WindowOptions{"test", kWidth, kHeight, true, false}, setup);
    auto sim = loadSimulation(setup, nullptr, true);
    EXPECT_TRUE(sim->startScene("scene", error)) << error;
    for (int i = 0; i < ticks; ++i) sim->tick();
    EXPECT_EQ(sim->host().errorCount(), 0);
    return drawnFrame(kit, *sim);
}

Rgb pixel(const std::vector<std::uint8_t>& rgb, int x, int y) {
    const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * kWidth + x) * 3];
    return {p[0], p[1], p[2]};
}

bool near(const Rgb& a, const Rgb& b, int tolerance = 3) {
    for (int i = 0; i < 3; ++i)
        if (std::abs(a[i] - b[i]) > tolerance) return false;
    return true;
}

// tools/make-starter-art.py: the tower is (90, 110, 150), ada/neutral (220, 180, 120), ada/happy (240, 200, 100).
const Rgb kTower{90, 110, 150}, kNeutral{220, 180, 120}, kHappy{240, 200, 100};

// The frame of a game with pictures: its backdrop fills the view (no painted
// ground shows) and Ada stands on her place as her sprite's happy picture.
TEST(GameFolder, a_picture_backdrop_fills_the_view_and_a_sprite_stands_at_the_actor) {
    auto rgb = frameOfOwnGame("sprite", R"(
function scene()
    backdrop("tower")
    setCameraCenter(waypoint("square.camera"))
    activate("ada")
    sprite("ada", "ada")
    expression("ada", "happy")
    wait(10)
end
)",
                              30);
    EXPECT_EQ(pixel(rgb, 40, 60), kTower) << "the backdrop's top left";
    EXPECT_EQ(pixel(rgb, 1240, 690), kTower) << "the backdrop's bottom right";
    // Ada's place is (600, 440) with the camera centred on (640, 360): her feet at y 440 + 24 in the view.
    EXPECT_EQ(pixel(rgb, 600, 440 + 24 - 12), kHappy) << "her happy sprite";
}

// The demo's clock tower scene `ticks` into it (with `ticks` < 0: at its end),
// drawn as the window draws it; the frame's pixels, RGB, and the world.
struct DemoFrame {
    std::vector<std::uint8_t> rgb;
    std::map<std::string, Vec2> places;
    std::map<std::string, std::string> pictures;  // each actor's picture as drawn
};

DemoFrame frameOfDemo(int ticks) {
    stagehand::Setup setup;
    setup.dataRoot = test::dataRoot();
    std::string error;
    EXPECT_TRUE(completeSetup(setup, error)) << error;
    DrawingKit kit(WindowOptions{"test", kWidth, kHeight, true, false}, setup);
    auto sim = loadSimulation(setup, nullptr, true);
    EXPECT_TRUE(sim->startScene("clocktower", error)) << error;
    for (int i = 0; ticks < 0 ? i < 60 * 60 && !sim->isSceneOver() : i < ticks; ++i) sim->tick();
    EXPECT_EQ(sim->host().errorCount(), 0);
    DemoFrame frame;
    for (const char* id : {"hester", "kit", "bram"}) {
        const Actor* actor = sim->world().cast().findActor(id);
        if (!actor || !actor->active) continue;
        frame.places[id] = actor->position;
        frame.pictures[id] = Cast::spriteImage(*actor, sim->world().scenery().imageNames());
    }
    frame.rgb = drawnFrame(kit, *sim);
    return frame;
}

// One of the demo's own pictures, as RGBA.
SurfacePtr demoPicture(const std::string& name) {
    std::string error;
    SurfacePtr rgba = loadRgbaImage(pathFromUtf8(test::dataRoot() + "/scripts/images/" + name + ".png"), error);
    EXPECT_TRUE(rgba) << error;
    return rgba;
}

std::vector<int> texel(const SDL_Surface& image, int x, int y) {
    const auto* p = static_cast<const std::uint8_t*>(image.pixels) + y * image.pitch + x * 4;
    return {p[0], p[1], p[2], p[3]};
}

// What a backdrop picture scaled to fill the view shows at the view's pixel
// (x, y): its texels mixed as linear filtering mixes them.
Rgb backdropAt(const SDL_Surface& image, int x, int y) {
    float u = (x + 0.5f) * image.w / kWidth - 0.5f, v = (y + 0.5f) * image.h / kHeight - 0.5f;
    int x0 = static_cast<int>(std::floor(u)), y0 = static_cast<int>(std::floor(v));
    float fu = u - x0, fv = v - y0;
    auto at = [&](int tx, int ty) {
        return texel(image, std::clamp(tx, 0, image.w - 1), std::clamp(ty, 0, image.h - 1));
    };
    Rgb out(3);
    for (int c = 0; c < 3; ++c)
        out[c] = static_cast<int>(std::lround((at(x0, y0)[c] * (1 - fu) + at(x0 + 1, y0)[c] * fu) * (1 - fv) +
                                              (at(x0, y0 + 1)[c] * (1 - fu) + at(x0 + 1, y0 + 1)[c] * fu) * fv));
    return out;
}

// The backdrop's colours where the rule puts them: the picture fills the view,
// corner to corner, as the view's points sampled from the file say.
void expectBackdrop(const DemoFrame& frame, const std::string& name) {
    SurfacePtr picture = demoPicture(name);
    ASSERT_TRUE(picture);
    // The sky, the clock's face below its centre, a cobble at the bottom left, the top right corner.
    for (auto [x, y] : std::vector<std::pair<int, int>>{{200, 100}, {640, 324}, {40, 700}, {1240, 40}})
        EXPECT_TRUE(near(pixel(frame.rgb, x, y), backdropAt(*picture, x, y), 4))
            << name << " at " << x << "," << y << ": " << pixel(frame.rgb, x, y)[0] << " " << pixel(frame.rgb, x, y)[1]
            << " " << pixel(frame.rgb, x, y)[2];
}

// An actor's sprite stands on its place (its picture's bottom edge 24 below it,
// centred across) and shows the expression `mood`: checked at a texel where
// that picture differs from the actor's two other ones, and at its middle.
void expectSprite(const DemoFrame& frame, const std::string& actor, const std::string& mood) {
    ASSERT_TRUE(frame.places.count(actor)) << actor << " is on the stage";
    EXPECT_EQ(frame.pictures.at(actor), actor + "/" + mood);
    SurfacePtr picture = demoPicture(actor + "/" + mood);
    ASSERT_TRUE(picture);
    std::vector<SurfacePtr> others;
    for (const char* other : {"neutral", "happy", "worried"})
        if (other != mood) others.push_back(demoPicture(actor + "/" + other));
    auto differs = [&](int x, int y) {
        std::vector<int> mine = texel(*picture, x, y);
        if (mine[3] != 255) return false;
        for (const auto& other : others) {
            std::vector<int> theirs = texel(*other, x, y);
            if (theirs[3] == 255 &&
                std::abs(theirs[0] - mine[0]) + std::abs(theirs[1] - mine[1]) + std::abs(theirs[2] - mine[2]) < 90)
                return false;
        }
        return true;
    };
    std::vector<std::pair<int, int>> texels{{picture->w / 2, picture->h / 2 + 20}};  // the chest
    for (int y = 0; y < picture->h && texels.size() < 2; ++y)
        for (int x = 0; x < picture->w && texels.size() < 2; ++x)
            if (differs(x, y)) texels.push_back({x, y});
    ASSERT_EQ(texels.size(), 2u) << actor << "/" << mood << " has a texel of its own";
    Vec2 at = frame.places.at(actor);
    int left = static_cast<int>(std::lround(at.x - picture->w / 2.0f));
    int top = static_cast<int>(std::lround(at.y + 24 - picture->h));
    for (auto [tx, ty] : texels) {
        std::vector<int> t = texel(*picture, tx, ty);
        ASSERT_EQ(t[3], 255) << actor << "/" << mood << " is opaque at " << tx << "," << ty;
        EXPECT_TRUE(near(pixel(frame.rgb, left + tx, top + ty), {t[0], t[1], t[2]}))
            << actor << "/" << mood << " at texel " << tx << "," << ty << " (view " << left + tx << "," << top + ty
            << ")";
    }
}

// The demo's clock tower, drawn: three seconds in, the dusk picture fills the
// view behind Hester (neutral) and Bram (worried) at their map places, and Kit
// is not out of the tower yet; at the end the night picture has dissolved in
// and all three are happy, Kit and Bram where they walked to.
TEST(GameFolder, the_demos_clock_tower_shows_its_backdrop_and_sprites_at_their_actors) {
    DemoFrame start = frameOfDemo(180);
    expectBackdrop(start, "clocktower_dusk");
    expectSprite(start, "hester", "neutral");
    expectSprite(start, "bram", "worried");
    EXPECT_FALSE(start.places.count("kit")) << "Kit comes out of the tower later";
    EXPECT_EQ(start.places["hester"].x, 360.0f);
    EXPECT_EQ(start.places["bram"].x, 930.0f);

    DemoFrame end = frameOfDemo(-1);
    expectBackdrop(end, "clocktower_night");
    expectSprite(end, "hester", "happy");
    expectSprite(end, "kit", "happy");
    expectSprite(end, "bram", "happy");
    EXPECT_EQ(end.places["kit"].x, 790.0f) << "at clocktower.kit_spot";
    EXPECT_EQ(end.places["bram"].x, 560.0f) << "at clocktower.bram_near";
}

// Half-way through each transition (1 s of 2, linear): a dissolve is the two
// pictures' mean, a fade is black, a slide has pushed the old one half out.
TEST(GameFolder, backdrop_transitions_are_tweens_seen_half_way) {
    auto scene = [](const std::string& how) {
        return "function scene()\n backdrop(\"tower\")\n waitProcess(backdrop(\"ada/neutral\", \"" + how +
               "\", 2, \"linear\"))\n wait(10)\nend\n";
    };
    auto dissolve = frameOfOwnGame("dissolve", scene("dissolve"), 60);
    EXPECT_TRUE(near(pixel(dissolve, 40, 60), {155, 145, 135})) << pixel(dissolve, 40, 60)[0];
    auto fade = frameOfOwnGame("fade", scene("fade"), 60);
    EXPECT_TRUE(near(pixel(fade, 40, 60), {0, 0, 0})) << pixel(fade, 40, 60)[0];
    auto slide = frameOfOwnGame("slide", scene("slide"), 60);
    EXPECT_EQ(pixel(slide, 40, 60), kTower) << "the old one, half out at the left";
    EXPECT_EQ(pixel(slide, 1240, 60), kNeutral) << "the new one, half in from the right";
    auto done = frameOfOwnGame("dissolved", scene("dissolve"), 130);
    EXPECT_EQ(pixel(done, 40, 60), kNeutral) << "the transition's end: the new one alone";
}

// A saved picture is drawn anew within a few frames (the window's hot reload
// reloads the scene; the texture follows the file), without a look at the
// disk every frame.
TEST(GameFolder, a_saved_picture_is_loaded_again) {
    fs::path game = freshFolder("saved_picture");
    copyOwnGame(game);
    stagehand::Setup setup;
    setup.dataRoot = test::dataRoot();
    setup.cmd.gamePath = utf8Path(game);
    std::string error;
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    DrawingKit kit(WindowOptions{"test", 64, 64, true, false}, setup);
    const Image* tower = kit.images.get("tower");
    ASSERT_TRUE(tower);
    EXPECT_EQ(tower->width, 64);
    int uploads = kit.images.uploads();
    fs::path file = game / "images" / "tower.png";
    // Removed, then written: MinGW's copy_file cannot overwrite ("File exists").
    fs::remove(file);
    fs::copy_file(game / "images" / "ada" / "happy.png", file);
    fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(2));
    for (int frame = 0; frame < 60; ++frame) tower = kit.images.get("tower");
    ASSERT_TRUE(tower);
    EXPECT_EQ(tower->width, 16) << "the saved picture";
    EXPECT_EQ(kit.images.uploads(), uploads + 1) << "loaded once more, not every frame";
}

TEST(GameFolder, a_transition_is_a_process_to_wait_on_and_names_its_choices) {
    test::Stage stage(R"(
function scene()
    backdrop("logbook")
    local p = backdrop("keeper", "dissolve", 0.5)
    waitProcess(p)
    print("waited " .. p:status())
    backdrop("keeper", "melt")
end
)");
    stage.startScene("scene");
    stage.ticks(20);
    EXPECT_EQ(stage.world.scenery().transition(), Transition::Dissolve);
    EXPECT_GT(stage.world.scenery().transitionProgress(), 0.5f) << "under way";
    EXPECT_LT(stage.world.scenery().transitionProgress(), 1.0f);
    stage.ticks(20);
    EXPECT_EQ(stage.world.scenery().transition(), Transition::Cut);
    ASSERT_EQ(stage.events("print").size(), 1u);
    EXPECT_EQ(*stage.events("print")[0]->field("text"), "waited done");
    ASSERT_EQ(stage.events("tween").size(), 1u);
    EXPECT_EQ(*stage.events("tween")[0]->field("target"), "backdrop");
    ASSERT_EQ(stage.events("error").size(), 1u);
    EXPECT_NE(stage.events("error")[0]->field("message")->find(
                  "backdrop: transition must be one of dissolve, fade, slide. Was \"melt\""),
              std::string::npos)
        << *stage.events("error")[0]->field("message");
}

// game.json over generated descriptions against a model of its documented
// rules: each field absent, right or wrong (a wrong one is one line naming it
// and keeps its default), an unknown field named, and "width" and "height"
// taken only together, one alone a line of its own and no size at all. A size
// is often an end of its range (64, 16384), and a wrong one often one past it.
TEST(GameFolder, generated_descriptions_give_what_the_rules_say_field_by_field) {
    std::mt19937 random(4514);
    const std::vector<std::string> strings = {"title", "language", "icon", "version", "font", "boldFont"};
    for (int round = 0; round < 200; ++round) {
        nlohmann::json root = nlohmann::json::object();
        std::map<std::string, std::string> expectedText;
        std::vector<std::string> expectedProblems;
        for (const auto& key : strings) {
            switch (random() % 3) {
                case 0: break;
                case 1: root[key] = expectedText[key] = key + std::to_string(round); break;
                default:
                    root[key] = random() % 2 ? nlohmann::json(12) : nlohmann::json(true);
                    expectedProblems.push_back("\"" + key + "\" needs a string");
            }
        }
        int size[2] = {0, 0};
        const char* sizeKeys[2] = {"width", "height"};
        for (int k = 0; k < 2; ++k) {
            const std::vector<nlohmann::json> wrong = {63, 16385, 1.5, "640", -1};
            switch (random() % 3) {
                case 0: break;
                case 1: {  // half the time an end of the range: a generated size seldom lands on one
                    const int ends[2] = {64, 16384};
                    root[sizeKeys[k]] = size[k] =
                        random() % 2 ? ends[random() % 2] : 64 + static_cast<int>(random() % 16321);
                    break;
                }
                default:
                    root[sizeKeys[k]] = wrong[random() % wrong.size()];
                    expectedProblems.push_back(std::string("\"") + sizeKeys[k] + "\" needs a whole number of pixels");
            }
        }
        if ((size[0] == 0) != (size[1] == 0)) {
            expectedProblems.push_back("\"width\" and \"height\" go together");
            size[0] = size[1] = 0;
        }
        if (random() % 4 == 0) {
            root["colour"] = "red";
            expectedProblems.push_back("unknown field \"colour\"");
        }
        fs::path game = freshFolder("generated" + std::to_string(round));
        write(game / "game.json", root.dump());
        GameDescription d;
        std::vector<std::string> problems;
        readGameDescription(utf8Path(game / "main.lua"), d, problems);
        const std::string context = root.dump();
        ASSERT_EQ(problems.size(), expectedProblems.size()) << context;
        for (const auto& expected : expectedProblems)
            EXPECT_TRUE(std::any_of(problems.begin(), problems.end(),
                                    [&](const std::string& p) { return p.find(expected) != std::string::npos; }))
                << expected << " in " << context;
        EXPECT_EQ(d.width, size[0]) << context;
        EXPECT_EQ(d.height, size[1]) << context;
        const std::map<std::string, const std::string*> read = {{"title", &d.title}, {"language", &d.language},
                                                                {"icon", &d.icon},   {"version", &d.version},
                                                                {"font", &d.font},   {"boldFont", &d.boldFont}};
        for (const auto& [key, value] : read) EXPECT_EQ(*value, expectedText[key]) << key << " in " << context;
    }
}

// The archives' name over generated versions, against a model of the rule:
// letters, digits, '.', '+' and '_' are kept (a file name carries them on
// Linux, Windows and macOS), each run of anything else is one dash, and no
// dash ends the name or follows the title's. Every printable ASCII character
// and a few non-ASCII ones are drawn, alone and in runs, at the ends too.
TEST(GamePackage, a_version_keeps_what_a_file_name_carries_and_dashes_the_rest) {
    auto model = [](const std::string& version) {
        std::string kept;
        bool gap = false;
        for (char c : version) {
            const bool carried = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '+' || c == '_';
            if (!carried) {
                gap = true;
                continue;
            }
            if (gap && !kept.empty()) kept += '-';
            kept += c, gap = false;
        }
        return kept;
    };
    GameDescription game;
    game.title = "The Tower";
    for (const auto& [version, name] :
         std::vector<std::pair<std::string, std::string>>{{"1.0", "the-tower-1.0"},
                                                          {"1.0 beta/2", "the-tower-1.0-beta-2"},
                                                          {"1.0+build5", "the-tower-1.0+build5"},
                                                          {"v2_rc", "the-tower-v2_rc"},
                                                          {" -/ ", "the-tower"},
                                                          {"", "the-tower"}}) {
        game.version = version;
        EXPECT_EQ(packageName("folder", game), name) << "version '" << version << "'";
    }
    std::string alphabet;
    for (char c = ' '; c <= '~'; ++c) alphabet += c;
    alphabet += "\xC3\xA9";  // é: two bytes, neither a letter by the C locale
    std::mt19937 random(45);
    for (int i = 0; i < 500; ++i) {
        std::string version;
        for (int n = static_cast<int>(random() % 12); n > 0; --n) version += alphabet[random() % alphabet.size()];
        game.version = version;
        const std::string kept = model(version);
        EXPECT_EQ(packageName("folder", game), kept.empty() ? "the-tower" : "the-tower-" + kept)
            << "version '" << version << "'";
    }
}

// What stays out of a package (GamePackage.h): the game's notes/ folder, hidden
// files, and editors' and file managers' leavings, whatever their letter case;
// everything else ships, names that only look alike included.
// The Linux archive's lib/: the shared libraries beside the program (the
// portable engine's libunibreak), never a build folder's static ones or the rest.
TEST(GamePackage, the_linux_archive_bundles_the_shared_libraries_in_lib_and_nothing_else) {
    const fs::path lib = freshFolder("bundled_lib");
    for (const char* name :
         {"libunibreak.so.1", "libfoo.so", "libbar.so.1.2.3", "libgtest.a", "libglad.a", "notes.txt",
          "libsonnet.sonnet", ".so", "libx.so~", "libx.so.1.bak", "libz.so.x", "libv.so.1x", "libw.sox"})
        write(lib / name, "bytes");
    fs::create_directories(lib / "liby.so.2");  // a folder, not a library
    // (No name ending in a dot: Windows takes the dot away, "libz.so." is "libz.so" there.)
    std::vector<std::string> found;
    for (const auto& path : bundledLibrariesIn(lib)) found.push_back(path.filename().string());
    EXPECT_EQ(found, (std::vector<std::string>{"libbar.so.1.2.3", "libfoo.so", "libunibreak.so.1"}));
    EXPECT_TRUE(bundledLibrariesIn(lib / "absent").empty());  // a program with no lib/ bundles nothing
}

TEST(GameFolder, a_package_leaves_out_the_authors_notes_and_editors_leavings_and_ships_the_rest) {
    for (const char* left : {"notes/README.md",
                             "notes/LICENSE",
                             "NOTES/plan.txt",
                             "Notes/sub/draft.lua",
                             "main.lua~",
                             "images/gate.png~",
                             "#main.lua#",
                             "maps/#gate.map#",
                             "main.lua.bak",
                             "strings/main.de.csv.BAK",
                             "main.lua.orig",
                             "audio/chime.wav.tmp",
                             "images/.gate.png.swp",
                             "x.swp",
                             "Thumbs.db",
                             "images/thumbs.db",
                             "desktop.ini",
                             "audio/Desktop.ini",
                             ".gitignore",
                             "images/.hidden.png"})
        EXPECT_TRUE(forTheAuthorOnly(left)) << left << " would ship";
    for (const char* kept :
         {"main.lua", "game.json", "notes", "images/notes/a.png", "maps/notes.map", "credits/LICENSE", "README.md",
          "LICENSE", "images/gate.png", "audio/backup.ogg", "images/bak.png", "#", "a#b#c.png", "strings/main.de.csv",
          "fonts/Own.ttf", "images/tmp/a.png", "swp.lua", "Thumbs.db.png"})
        EXPECT_FALSE(forTheAuthorOnly(kept)) << kept << " would be left out";
    // Over generated names: a leaving's mark in any case, on any name, in any folder but notes/.
    std::mt19937 random(60);
    auto anyCase = [&](std::string text) {
        for (char& c : text)
            if (random() % 2) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return text;
    };
    const std::vector<std::string> folders = {"", "images/", "audio/x/", "maps/"};
    const std::vector<std::string> stems = {"gate", "a", "main.lua", "chime.wav", "notes"};
    for (int i = 0; i < 300; ++i) {
        std::string path = folders[random() % folders.size()], stem = stems[random() % stems.size()];
        switch (random() % 4) {
            case 0: EXPECT_TRUE(forTheAuthorOnly(path + stem + "~")) << path + stem + "~"; break;
            case 1: {
                std::string ext = anyCase(std::vector<std::string>{".bak", ".orig", ".tmp", ".swp"}[random() % 4]);
                EXPECT_TRUE(forTheAuthorOnly(path + stem + ext)) << path + stem + ext;
                break;
            }
            case 2: EXPECT_TRUE(forTheAuthorOnly(anyCase("notes") + "/" + path + stem)) << path + stem; break;
            default: EXPECT_FALSE(forTheAuthorOnly(path + stem + ".png")) << path + stem + ".png"; break;
        }
    }
}

// Which file a sound's name plays, over generated folders: names with only an
// .ogg, only a .wav or both, their extensions written in every case. Where both
// are there the .ogg plays (docs/API.md, "Sound"), whatever order the system
// lists the folder in and however the extension is written ("X.WAV" sorts
// before "X.ogg" byte by byte). The .ogg copied is 1.3 s long, the .wav 0.045 s.
TEST(GameFolder, over_generated_folders_a_sounds_name_plays_its_ogg_before_its_wav_in_any_case) {
    const std::string audio = test::dataRoot() + "/assets/audio/";
    std::mt19937 random(45);
    auto anyCase = [&](std::string ext) {
        for (char& c : ext)
            if (random() % 2) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return ext;
    };
    for (int round = 0; round < 8; ++round) {
        fs::path folder = freshFolder("sound_formats_" + std::to_string(round));
        std::map<std::string, bool> oggExpected;
        for (int n = 0; n < 12; ++n) {
            std::string name = std::string(1, char('a' + random() % 3)) + std::to_string(n);
            int kinds = 1 + int(random() % 3);  // 1: .ogg, 2: .wav, 3: both
            if (kinds & 1) fs::copy_file(audio + "door.ogg", folder / (name + anyCase(".ogg")));
            if (kinds & 2) fs::copy_file(audio + "blip_high.wav", folder / (name + anyCase(".wav")));
            oggExpected[name] = kinds & 1;
        }
        ClipLibrary clips(folder, "audio");
        EXPECT_EQ(clips.names().size(), oggExpected.size());
        for (const auto& [name, ogg] : oggExpected) {
            std::string error;
            auto clip = clips.load(name, error);
            ASSERT_TRUE(clip) << name << ": " << error;
            EXPECT_EQ(clip->seconds() > 1, ogg) << name << " plays its " << (ogg ? ".wav, not its .ogg" : ".ogg?");
        }
    }
}

// The build tree's two folders are the two they name, apart: the checkout holds the scripts the build plays
// and its CMakeLists.txt, the build folder CMake's cache (the tests write there, never into the checkout).
TEST(BuildTree, the_checkout_and_the_build_folder_are_each_what_it_names) {
    namespace fs = std::filesystem;
    const fs::path checkout = pathFromUtf8(buildTreeSourceDir());
    const fs::path build = pathFromUtf8(buildTreeBuildDir());
    EXPECT_TRUE(fs::is_regular_file(checkout / "CMakeLists.txt")) << checkout;
    EXPECT_TRUE(fs::is_regular_file(checkout / "scripts" / "WaitSupport.lua")) << checkout;
    EXPECT_TRUE(fs::is_regular_file(build / "CMakeCache.txt")) << build;
    EXPECT_FALSE(fs::exists(checkout / "CMakeCache.txt")) << "the checkout is not a build folder: " << checkout;
    EXPECT_EQ(test::testBuildFolder(), build / "tests");
}

}  // namespace
}  // namespace stagehand
