// The player's settings file: kept values come back; a damaged or unknown
// file gives the defaults and one line naming the file and line.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "app/window/LinesRead.h"
#include "app/window/PlayerSettings.h"

using namespace stagehand;

TEST(PlayerSettings, saved_settings_come_back) {
    std::string path = test::writeScript("settings_saved.txt", "");
    PlayerSettings saved;
    saved.textSpeed = 3;
    saved.autoAdvance = true;
    saved.fullscreen = true;
    saved.width = 1600;
    saved.height = 900;
    ASSERT_TRUE(saved.save(path));
    std::string warning;
    PlayerSettings loaded = PlayerSettings::load(path, warning);
    EXPECT_TRUE(warning.empty()) << warning;
    EXPECT_EQ(loaded.textSpeed, 3);
    EXPECT_TRUE(loaded.autoAdvance);
    EXPECT_TRUE(loaded.fullscreen);
    EXPECT_EQ(loaded.width, 1600);
    EXPECT_EQ(loaded.height, 900);
}

TEST(PlayerSettings, a_missing_file_gives_the_defaults_quietly) {
    std::string warning;
    PlayerSettings loaded = PlayerSettings::load("/nonexistent/stagehand/settings.txt", warning);
    EXPECT_TRUE(warning.empty());
    EXPECT_EQ(loaded.textSpeed, 1);
    EXPECT_FALSE(loaded.fullscreen);
}

TEST(PlayerSettings, a_damaged_file_gives_the_defaults_and_one_line) {
    for (const char* damaged : {"text_speed = 1\nwindow_width = banana\n", "text_speed = 99\n", "colour = blue\n",
                                "\xff\xfe\x00garbage", "fullscreen = maybe\n"}) {
        std::string path = test::writeScript("settings_damaged.txt", damaged);
        std::string warning;
        PlayerSettings loaded = PlayerSettings::load(path, warning);
        EXPECT_NE(warning.find("settings_damaged.txt:"), std::string::npos) << damaged;
        EXPECT_EQ(warning.find('\n'), std::string::npos);
        EXPECT_EQ(loaded.width, 1280);
        EXPECT_EQ(loaded.textSpeed, 1);
    }
}

TEST(PlayerSettings, the_auto_advance_wait_and_text_size_come_back_and_are_checked) {
    std::string path = test::writeScript("settings_more.txt", "");
    PlayerSettings saved;
    saved.autoAdvanceWait = 2;
    saved.textSize = 0;
    ASSERT_TRUE(saved.save(path));
    std::string warning;
    PlayerSettings loaded = PlayerSettings::load(path, warning);
    EXPECT_TRUE(warning.empty()) << warning;
    EXPECT_EQ(loaded.autoAdvanceWait, 2);
    EXPECT_EQ(loaded.textSize, 0);
    for (const char* damaged : {"text_size = 3\n", "auto_advance_wait = -1\n", "text_size = big\n"}) {
        std::string bad = test::writeScript("settings_bad_size.txt", damaged);
        PlayerSettings fallback = PlayerSettings::load(bad, warning);
        EXPECT_EQ(fallback.textSize, 1) << damaged;
        EXPECT_EQ(fallback.autoAdvanceWait, 1) << damaged;
        EXPECT_NE(warning.find("settings_bad_size.txt:1:"), std::string::npos) << warning;
    }
}

TEST(PlayerSettings, the_volumes_and_background_mute_come_back_and_are_checked) {
    std::string path = test::writeScript("settings_sound.txt", "");
    PlayerSettings saved;
    saved.masterVolume = 7;
    saved.musicVolume = 0;
    saved.voiceVolume = 3;
    saved.muteUnfocused = false;
    ASSERT_TRUE(saved.save(path));
    std::string warning;
    PlayerSettings loaded = PlayerSettings::load(path, warning);
    EXPECT_TRUE(warning.empty()) << warning;
    EXPECT_EQ(loaded.masterVolume, 7);
    EXPECT_EQ(loaded.musicVolume, 0);
    EXPECT_EQ(loaded.soundVolume, 10);
    EXPECT_EQ(loaded.voiceVolume, 3);
    EXPECT_FALSE(loaded.muteUnfocused);
    std::string bad = test::writeScript("settings_bad_volume.txt", "music_volume = 11\n");
    EXPECT_EQ(PlayerSettings::load(bad, warning).musicVolume, 8);
    EXPECT_NE(warning.find("settings_bad_volume.txt:1:"), std::string::npos) << warning;
}

TEST(PlayerSettings, the_accessibility_options_come_back_and_nonsense_means_the_defaults_and_one_line) {
    std::string path = test::writeScript("settings_access.txt", "");
    PlayerSettings saved;
    saved.selfVoicing = true;
    saved.font = 1;
    saved.lineSpacing = 2;
    saved.highContrast = true;
    saved.reduceFlashes = true;
    ASSERT_TRUE(saved.save(path));
    std::string warning;
    PlayerSettings loaded = PlayerSettings::load(path, warning);
    EXPECT_TRUE(warning.empty()) << warning;
    EXPECT_TRUE(loaded.selfVoicing);
    EXPECT_EQ(loaded.font, 1);
    EXPECT_EQ(loaded.lineSpacing, 2);
    EXPECT_TRUE(loaded.highContrast);
    EXPECT_TRUE(loaded.reduceFlashes);
    PlayerSettings defaults;
    EXPECT_FALSE(defaults.selfVoicing || defaults.highContrast || defaults.reduceFlashes);
    EXPECT_EQ(defaults.font, 0);
    EXPECT_EQ(defaults.lineSpacing, 0);
    for (const char* damaged : {"font = 2\n", "font = dyslexic\n", "line_spacing = 3\n", "line_spacing = 1.5\n",
                                "self_voicing = loud\n", "high_contrast = 1\n", "reduce_flashes = yes\n"}) {
        std::string bad = test::writeScript("settings_bad_access.txt", std::string("text_speed = 2\n") + damaged);
        warning.clear();
        PlayerSettings fallback = PlayerSettings::load(bad, warning);
        EXPECT_NE(warning.find("settings_bad_access.txt:2:"), std::string::npos) << damaged << warning;
        EXPECT_EQ(warning.find('\n'), std::string::npos);
        EXPECT_EQ(fallback.font, 0) << damaged;
        EXPECT_EQ(fallback.lineSpacing, 0) << damaged;
        EXPECT_FALSE(fallback.selfVoicing || fallback.highContrast || fallback.reduceFlashes) << damaged;
    }
}

// --- The lines a player has read (read.txt): skip read text.

TEST(LinesRead, the_ids_read_come_back_in_the_next_run) {
    std::string path = test::writeScript("read_kept.txt", "");
    std::remove(path.c_str());
    std::string warning;
    LinesRead read = LinesRead::load(path, warning);
    EXPECT_EQ(read.size(), 0u);
    EXPECT_EQ(warning, "") << "no file yet: nothing read, nothing said";
    read.add("forest.jackie.3f2a");
    read.add("auto.Demo.0123abcd");
    read.add("forest.jackie.3f2a");
    ASSERT_TRUE(read.save(path));
    LinesRead again = LinesRead::load(path, warning);
    EXPECT_EQ(warning, "");
    EXPECT_EQ(again.size(), 2u);
    EXPECT_TRUE(again.contains("forest.jackie.3f2a"));
    EXPECT_TRUE(again.contains("auto.Demo.0123abcd"));
    EXPECT_FALSE(again.contains("forest.jackie"));
}

TEST(LinesRead, a_damaged_file_is_an_empty_memory_and_one_line) {
    const char* const header = "# Stagehand: lines read (the game rewrites this file)\n";
    for (std::string damaged : {std::string("forest.a\n"), std::string(header) + "a b\n", std::string(header) + "\n",
                                std::string(header) + "ok\n\xff\n"}) {
        std::string path = test::writeScript("read_damaged.txt", damaged);
        std::string warning;
        LinesRead read = LinesRead::load(path, warning);
        EXPECT_EQ(read.size(), 0u) << damaged;
        EXPECT_NE(warning.find("read_damaged.txt:"), std::string::npos) << warning;
        EXPECT_NE(warning.find("; starting with no lines read"), std::string::npos) << warning;
        EXPECT_EQ(warning.find('\n'), std::string::npos) << "one line";
    }
}

TEST(LinesRead, a_save_that_fails_leaves_the_old_file_and_no_temporary_one) {
    std::string folder = test::writeScript("read_folder_marker.txt", "");
    std::string path = folder + ".d";  // a folder where the file should be: the rename cannot replace it
    std::filesystem::create_directories(path);
    std::ofstream(path + "/inside.txt") << "kept";
    LinesRead read;
    read.add("x");
    EXPECT_FALSE(read.save(path));
    EXPECT_TRUE(std::filesystem::is_directory(path));
    EXPECT_TRUE(std::filesystem::exists(path + "/inside.txt"));
    EXPECT_FALSE(std::filesystem::exists(path + ".new"));
    std::filesystem::remove_all(path);
}

TEST(LinesRead, nothing_new_read_writes_nothing) {
    std::string path =
        test::writeScript("read_unchanged.txt", "# Stagehand: lines read (the game rewrites this file)\na\n");
    std::string warning;
    LinesRead read = LinesRead::load(path, warning);
    read.add("a");  // already there
    std::filesystem::remove(path);
    EXPECT_TRUE(read.save(path));
    EXPECT_FALSE(std::filesystem::exists(path)) << "the memory was not written again";
}

namespace {

// Every kept setting: its key in settings.txt, the values it may take (from its
// range in PlayerSettings.h), and where it lives.
struct SettingField {
    const char* key;
    int low, high;  // a bool is 0..1
    std::function<int&(PlayerSettings&)> number;
    std::function<bool&(PlayerSettings&)> flag;
};

std::vector<SettingField> settingFields() {
    auto number = [](const char* key, int low, int high, int PlayerSettings::*field) {
        return SettingField{key, low, high, [field](PlayerSettings& s) -> int& { return s.*field; }, nullptr};
    };
    auto flag = [](const char* key, bool PlayerSettings::*field) {
        return SettingField{key, 0, 1, nullptr, [field](PlayerSettings& s) -> bool& { return s.*field; }};
    };
    const int volumes = PlayerSettings::kVolumeSteps;
    return {number("text_speed", 0, 3, &PlayerSettings::textSpeed),
            flag("auto_advance", &PlayerSettings::autoAdvance),
            number("auto_advance_wait", 0, 2, &PlayerSettings::autoAdvanceWait),
            number("text_size", 0, 2, &PlayerSettings::textSize),
            flag("fullscreen", &PlayerSettings::fullscreen),
            number("window_width", 320, 16384, &PlayerSettings::width),
            number("window_height", 180, 16384, &PlayerSettings::height),
            number("master_volume", 0, volumes, &PlayerSettings::masterVolume),
            number("music_volume", 0, volumes, &PlayerSettings::musicVolume),
            number("sound_volume", 0, volumes, &PlayerSettings::soundVolume),
            number("voice_volume", 0, volumes, &PlayerSettings::voiceVolume),
            flag("mute_unfocused", &PlayerSettings::muteUnfocused),
            flag("self_voicing", &PlayerSettings::selfVoicing),
            number("font", 0, static_cast<int>(std::size(kFontChoices)) - 1, &PlayerSettings::font),
            number("line_spacing", 0, static_cast<int>(std::size(kLineSpacings)) - 1, &PlayerSettings::lineSpacing),
            flag("high_contrast", &PlayerSettings::highContrast),
            flag("reduce_flashes", &PlayerSettings::reduceFlashes),
            flag("skip_all", &PlayerSettings::skipAll),
            flag("mark_read", &PlayerSettings::markRead)};
}

int valueOf(const SettingField& field, PlayerSettings& s) {
    return field.number ? field.number(s) : static_cast<int>(field.flag(s));
}

void setValue(const SettingField& field, PlayerSettings& s, int value) {
    if (field.number)
        field.number(s) = value;
    else
        field.flag(s) = value != 0;
}

}  // namespace

// The round trip over generated settings: every field at random values of its
// range, its ends included, saved and read back, comes back as it was, each
// under its own key (a field written from another's value, or a value at the
// end of a range refused, fails); and the file names no key this list lacks.
TEST(PlayerSettings, over_generated_settings_every_field_comes_back_as_it_was) {
    const std::vector<SettingField> fields = settingFields();
    const char* languages[] = {"", "fr", "ar", "ja", "zh"};
    std::mt19937 random(45);
    std::string path = test::writeScript("settings_generated.txt", "");
    for (int round = 0; round < 200; ++round) {
        PlayerSettings saved;
        for (const SettingField& field : fields) {
            const int pick = static_cast<int>(random() % 4);  // the ends of the range, or between
            const int value = pick == 0   ? field.low
                              : pick == 1 ? field.high
                                          : field.low + static_cast<int>(random() % (field.high - field.low + 1));
            setValue(field, saved, value);
        }
        saved.language = languages[random() % std::size(languages)];
        ASSERT_TRUE(saved.save(path));
        std::string warning;
        PlayerSettings loaded = PlayerSettings::load(path, warning);
        ASSERT_EQ(warning, "") << "round " << round;
        for (const SettingField& field : fields)
            EXPECT_EQ(valueOf(field, loaded), valueOf(field, saved)) << field.key << ", round " << round;
        EXPECT_EQ(loaded.language, saved.language);
    }
    std::ifstream file(path);
    std::set<std::string> written;
    for (std::string line; std::getline(file, line);)
        if (!line.empty() && line[0] != '#') written.insert(line.substr(0, line.find(' ')));
    std::set<std::string> listed{"language"};
    for (const SettingField& field : fields) listed.insert(field.key);
    EXPECT_EQ(written, listed) << "settings.txt keeps a key this test does not know, or leaves one out";
}
