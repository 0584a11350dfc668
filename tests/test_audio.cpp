// Sound: the scene API's calls as transcript events and cues, the rendered
// WAV (a sound starts at its scene time, music ducks under a voice, a paused
// mixer is silent, a seek resumes mid-track), bad input, the channel cap and
// a machine with no sound card. Clips are written by the test itself.
#include <gtest/gtest.h>

#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>

#if defined(__linux__)
#include <unistd.h>
#endif

#include "TestSupport.h"
#include "audio/AudioOutput.h"
#include "audio/ClipLibrary.h"
#include "audio/Mixer.h"
#include "audio/WavFile.h"

using namespace stagehand;
using test::Stage;

namespace {

namespace fs = std::filesystem;

// A square wave of `amplitude` at 441 Hz (100 frames a period), `seconds` long.
std::vector<std::int16_t> square(double seconds, std::int16_t amplitude) {
    std::vector<std::int16_t> s;
    for (std::int64_t i = 0; i < frameAt(seconds); ++i) {
        std::int16_t v = (i / 50) % 2 ? -amplitude : amplitude;
        s.push_back(v);
        s.push_back(v);
    }
    return s;
}

// The test's sound folder: tone (1 s), beep (0.25 s), quiet (2 s of silence)
// and broken.ogg (not a sound at all). One folder per test: ctest runs tests
// in parallel processes, and a clip read while another writes it is damaged.
std::string clipFolder() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    static const std::string run = std::to_string(std::random_device{}());  // other checkouts may run it too
    fs::path dir = fs::temp_directory_path() / ("stagehand_audio_" + run) / test->name();
    fs::create_directories(dir);
    std::string error;
    writeWav((dir / "tone.wav").string(), square(1.0, 8000), error);
    writeWav((dir / "beep.wav").string(), square(0.25, 12000), error);
    writeWav((dir / "quiet.wav").string(), std::vector<std::int16_t>(4 * kSampleRate, 0), error);
    std::ofstream(dir / "broken.ogg", std::ios::binary) << "OggS but not really a sound file";
    return dir.string();
}

struct SoundStage : Stage {
    explicit SoundStage(const std::string& source) : Stage(source) {
        world.soundtrack().setClips(std::make_shared<ClipLibrary>(clipFolder(), "the test's folder"));
    }
    ProcessOutcome run(const char* function, int ticks) {
        auto outcome = std::make_shared<ProcessOutcome>();
        host->startProcess(function, {}, [outcome](const ProcessOutcome& o) { *outcome = o; });
        this->ticks(ticks);
        return *outcome;
    }
    std::vector<std::int16_t> render(double seconds) const { return renderCues(world.soundtrack().cues(), seconds); }
};

// The first frame whose left sample is not silent, or -1.
std::int64_t firstSound(const std::vector<std::int16_t>& pcm, std::int64_t from = 0) {
    for (auto i = static_cast<std::size_t>(2 * from); i < pcm.size(); i += 2)
        if (pcm[i] != 0) return static_cast<std::int64_t>(i / 2);
    return -1;
}

double rms(const std::vector<std::int16_t>& pcm, double from, double to) {
    double sum = 0;
    std::int64_t a = frameAt(from), b = frameAt(to);
    for (std::int64_t i = a; i < b; ++i) sum += static_cast<double>(pcm[2 * i]) * pcm[2 * i];
    return std::sqrt(sum / static_cast<double>(b - a));
}

std::shared_ptr<const Clip> clipOf(std::vector<std::int16_t> samples) {
    auto clip = std::make_shared<Clip>();
    clip->samples = std::move(samples);
    return clip;
}

AudioCue musicCue(double time, std::shared_ptr<const Clip> clip) {
    AudioCue c;
    c.lane = Lane::Music;
    c.time = time;
    c.clip = std::move(clip);
    c.loop = true;
    return c;
}

}  // namespace

TEST(Sound, a_sound_starts_at_its_scene_time_within_one_tick) {
    SoundStage stage("function scene()\n  wait(1.0)\n  playSound('beep')\nend");
    stage.run("scene", 90);
    auto pcm = stage.render(1.5);
    std::int64_t start = firstSound(pcm);
    EXPECT_NEAR(static_cast<double>(start), kSampleRate * 1.0, kSampleRate / 60.0) << start;
}

TEST(Sound, every_call_is_a_transcript_event_at_its_scene_time) {
    SoundStage stage(
        "function scene()\n  playMusic('tone', {fade = 0.5})\n  wait(0.5)\n  local s = playSound('beep', {volume = "
        "0.5, pan = -1})\n  s:stop(0.1)\n  wait(0.5)\n  stopMusic(1)\n  dialogue('jackie', 'Hi.', 'quiet')\nend");
    auto outcome = stage.run("scene", 300);
    EXPECT_EQ(outcome.status, "done") << outcome.error;
    auto music = stage.events("music");
    ASSERT_EQ(music.size(), 1u);
    EXPECT_EQ(Transcript::formatText(*music[0]),
              "   0.00  music name=\"tone\" volume=1 fade=0.5 loop=\"true\" seconds=1");
    auto sound = stage.events("sound");
    ASSERT_EQ(sound.size(), 1u);
    EXPECT_EQ(Transcript::formatText(*sound[0]), "   0.50  sound id=1 name=\"beep\" volume=0.5 pan=-1 seconds=0.25");
    ASSERT_EQ(stage.events("sound_stop").size(), 1u);
    EXPECT_EQ(Transcript::formatJson(*stage.events("sound_stop")[0]),
              "{\"t\":0.50,\"event\":\"sound_stop\",\"id\":1,\"fade\":0.1}");
    ASSERT_EQ(stage.events("music_stop").size(), 1u);
    EXPECT_NEAR(stage.events("music_stop")[0]->time, 1.0, 1e-9);
    ASSERT_EQ(stage.events("voice").size(), 1u);
    EXPECT_EQ(*stage.events("voice")[0]->field("name"), "quiet");
}

TEST(Sound, music_is_ducked_while_a_voice_plays_and_comes_back_after) {
    SoundStage stage("function scene()\n  playMusic('tone')\n  wait(1)\n  dialogue('jackie', 'Hi.', 'quiet')\nend");
    stage.run("scene", 240);
    auto pcm = stage.render(3.6);
    double before = rms(pcm, 0.5, 0.9), during = rms(pcm, 1.5, 2.9), after = rms(pcm, 3.3, 3.6);
    EXPECT_NEAR(during / before, 0.35, 0.02) << "docs/API.md: ducked to 35%; " << before << " " << during;
    EXPECT_NEAR(after / before, 1.0, 0.02) << before << " " << after;
}

TEST(Sound, a_voiced_line_waits_for_its_voice_and_the_next_line_stops_it) {
    SoundStage stage(
        "function scene()\n  dialogue('jackie', 'Hi.', 'quiet')\n  print('read')\n"
        "  text('jackie', 'A page.', 'quiet')\n  text('jon', 'Cut.')\nend");
    stage.run("scene", 400);
    auto read = stage.events("print");
    ASSERT_EQ(read.size(), 1u);
    EXPECT_GE(read[0]->time, 2.0 - 1e-9);  // the line's reading time is ~1.1 s; its voice lasts 2 s
    auto stops = stage.events("voice_stop");
    ASSERT_EQ(stops.size(),
              1u);  // the first voice had ended; the page's is cut by jon's (headless pages turn once typed)
    EXPECT_NEAR(stops[0]->time, stage.events("text")[1]->time, 1e-9);
}

TEST(Sound, a_handle_waits_until_its_sound_ends_and_can_stop_it) {
    SoundStage stage(
        "function scene()\n  playSound('beep'):wait()\n  print('ended')\n  local t = playSound('tone', {loop = "
        "true})\n  wait(0.5)\n  print(t:isPlaying())\n  t:stop()\n  print(t:isPlaying())\nend");
    stage.run("scene", 60);
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), 3u);
    EXPECT_NEAR(prints[0]->time, 0.25, 1.0 / 60);
    EXPECT_EQ(*prints[1]->field("text"), "true");
    EXPECT_EQ(*prints[2]->field("text"), "false");
}

TEST(Sound, an_unknown_name_is_an_error_at_the_line_listing_the_known_sounds_and_their_folder) {
    SoundStage stage("function scene()\n  wait(0.1)\n  playSound('bep')\nend");
    auto outcome = stage.run("scene", 10);
    EXPECT_EQ(outcome.status, "failed");
    EXPECT_NE(outcome.error.find(".lua:3: playSound: unknown sound 'bep' (did you mean 'beep'?); sounds are the .ogg "
                                 "and .wav files in the test's folder"),
              std::string::npos)
        << outcome.error;
    EXPECT_NE(outcome.error.find("beep, broken, quiet, tone"), std::string::npos) << outcome.error;
}

TEST(Sound, a_damaged_file_is_an_error_at_the_line_and_the_game_goes_on) {
    SoundStage stage(
        "function scene()\n  runProcess(function() wait(0.5) print('still here') end)\n"
        "  playMusic('broken')\nend");
    auto outcome = stage.run("scene", 60);
    EXPECT_EQ(outcome.status, "failed");
    EXPECT_NE(outcome.error.find(".lua:3: playMusic: cannot read the test's folder/broken.ogg"), std::string::npos)
        << outcome.error;
    ASSERT_EQ(stage.events("print").size(), 1u);
}

TEST(Sound, bad_options_name_the_option) {
    SoundStage stage("function scene()\n  playSound('beep', {volume = 'loud'})\nend");
    auto outcome = stage.run("scene", 1);
    EXPECT_NE(outcome.error.find(".lua:2: playSound: options.volume must be a number from 0 to 4"), std::string::npos)
        << outcome.error;
}

// A sound file is decoded once a process, whatever number of simulations load
// it (--explore makes one a path), and again once it changes on disk (hot reload).
TEST(Sound, libraries_share_a_files_decoding_until_the_file_changes) {
    const fs::path dir = clipFolder();
    std::string error;
    ClipLibrary first(dir, "the test's folder"), second(dir, "the test's folder");
    auto tone = first.load("tone", error);
    ASSERT_TRUE(tone) << error;
    EXPECT_EQ(second.load("tone", error), tone) << "decoded twice";
    ASSERT_TRUE(writeWav((dir / "tone.wav").string(), square(0.5, 8000), error)) << error;  // shorter
    auto shorter = ClipLibrary(dir, "the test's folder").load("tone", error);
    ASSERT_TRUE(shorter) << error;
    EXPECT_NEAR(shorter->seconds(), 0.5, 1e-6);
    EXPECT_NEAR(first.load("tone", error)->seconds(), 1.0, 1e-6) << "a library keeps what it loaded";
    // The same length, louder, and only its time tells: read again.
    ASSERT_TRUE(writeWav((dir / "tone.wav").string(), square(0.5, 16000), error)) << error;
    fs::last_write_time(dir / "tone.wav", fs::last_write_time(dir / "tone.wav") + std::chrono::seconds(2));
    auto louder = ClipLibrary(dir, "the test's folder").load("tone", error);
    ASSERT_TRUE(louder) << error;
    ASSERT_FALSE(louder->samples.empty());
    EXPECT_EQ(louder->samples[0], 16000);
    EXPECT_EQ(louder->name, "tone");
}

// (1500: under the events a loop may make without waiting, LuaLimits::kEventsPerSecond.)
TEST(Sound, a_thousand_sounds_in_one_tick_are_capped_by_the_channels) {
    SoundStage stage("function scene()\n  for i = 1, 1500 do playSound('beep', {volume = 4 - i / 1000}) end\nend");
    auto outcome = stage.run("scene", 2);
    EXPECT_EQ(outcome.status, "done") << outcome.error;
    Mixer mixer;
    for (const auto& cue : stage.world.soundtrack().cues()) mixer.apply(cue);
    EXPECT_EQ(mixer.playingCount(), 32) << "docs/API.md: at most 32 sounds, voices and blips at once";
    EXPECT_EQ(stage.events("sound").size(), 1500u) << "the dropped sounds' events stay";
    // No wall clock here (a busy machine or wine is slow, not wrong): the cap above is what keeps
    // the mix cheap, and a stall would run into ctest's timeout.
    auto pcm = stage.render(0.5);
    EXPECT_EQ(*std::max_element(pcm.begin(), pcm.end()), 32767);  // clipped, never wrapped round
}

// Issue 59: a loop of playSound with no wait rendered 32 foghorns at once,
// clipped. The same sound started again at the same instant is one voice: the
// mix is the one sound's, sample for sample; a moment later it is a second.
TEST(Sound, the_same_sound_started_again_at_the_same_instant_plays_once) {
    SoundStage once("function scene()\n  playSound('beep')\nend");
    SoundStage flood("function scene()\n  for i = 1, 500 do playSound('beep') end\nend");
    ASSERT_EQ(once.run("scene", 2).status, "done");
    ASSERT_EQ(flood.run("scene", 2).status, "done");
    EXPECT_EQ(flood.render(0.5), once.render(0.5));
    SoundStage later("function scene()\n  playSound('beep') wait(0.05) playSound('beep')\nend");
    ASSERT_EQ(later.run("scene", 10).status, "done");
    Mixer mixer;
    for (const auto& cue : later.world.soundtrack().cues()) mixer.apply(cue);
    EXPECT_EQ(mixer.playingCount(), 2) << "cues applied without a render between are one instant";
}

TEST(Sound, a_paused_mixer_is_silent_and_resumes_where_it_was) {
    auto tone = clipOf(square(1.0, 8000));
    Mixer playing, pausing;
    playing.apply(musicCue(0, tone));
    pausing.apply(musicCue(0, tone));
    std::vector<std::int16_t> a(2 * 1000), b(2 * 1000);
    playing.render(a.data(), 1000);
    pausing.render(b.data(), 1000);
    pausing.setPaused(true);
    pausing.render(b.data(), 1000);
    EXPECT_EQ(firstSound(b), -1);
    pausing.setPaused(false);
    playing.render(a.data(), 1000);
    pausing.render(b.data(), 1000);
    EXPECT_EQ(a, b);
}

TEST(Sound, a_seek_resumes_music_mid_track_and_does_not_replay_ended_sounds) {
    auto tone = clipOf(square(1.0, 8000));
    auto beep = clipOf(square(0.25, 12000));
    AudioCue early;
    early.time = 0.5;
    early.clip = beep;
    std::vector<AudioCue> cues{musicCue(0, tone), early};
    Mixer seeked = mixerAt(cues, 1.3);
    EXPECT_EQ(seeked.playingCount(), 1);  // the beep ended at 0.75
    auto whole = renderCues(cues, 1.5);
    std::vector<std::int16_t> rest(static_cast<std::size_t>(2 * (frameAt(1.5) - frameAt(1.3))));
    seeked.render(rest.data(), static_cast<int>(rest.size() / 2));
    EXPECT_TRUE(std::equal(rest.begin(), rest.end(), whole.begin() + 2 * frameAt(1.3)));
}

TEST(Sound, blips_play_one_at_a_time_per_actor_and_not_while_skipping) {
    const char* script =
        "function scene()\n  setBlip('jackie', 'beep', {pitch = 2})\n"
        "  dialogue('jackie', 'Forty-five letters appear in one second, here.')\nend";
    SoundStage typing(script);
    typing.run("scene", 60);
    int blips = 0;
    for (const auto& cue : typing.world.soundtrack().cues()) blips += cue.lane == Lane::Blip;
    EXPECT_EQ(blips, 8);  // one each 0.125 s (a 0.25 s clip at pitch 2) over 1 s of typing

    SoundStage skipping(script);
    TextSettings settings = skipping.world.story().textSettings();
    settings.skipping = true;
    skipping.world.story().setTextSettings(settings);
    skipping.run("scene", 60);
    for (const auto& cue : skipping.world.soundtrack().cues()) EXPECT_NE(cue.lane, Lane::Blip);
}

// Skipping passes every line at its own pace, whatever voice it carries: over
// generated conversations of lines voiced by clips of 0.25, 1 and 4 seconds
// or not at all, skipping reaches the end within a fifth of a second a line
// (a voice holds a line only while the player reads, not while they skip).
TEST(Sound, while_skipping_every_line_passes_at_skip_pace_whatever_its_voice) {
    std::mt19937 random(4513);
    const char* const voices[] = {"nil", "'beep'", "'tone'", "'quiet'"};
    for (int round = 0; round < 8; ++round) {
        std::string script = "function scene()\n";
        int lines = 2 + static_cast<int>(random() % 5);
        for (int i = 0; i < lines; ++i)
            script += "  dialogue('jackie', 'Line " + std::to_string(i) + ".', " + voices[random() % 4] + ")\n";
        script += "  print('end')\nend";
        SoundStage stage(script);
        TextSettings settings = stage.world.story().textSettings();
        settings.skipping = true;
        stage.world.story().setTextSettings(settings);
        stage.run("scene", 12 * lines);  // a fifth of a second a line, at 60 ticks a second
        EXPECT_EQ(stage.events("print").size(), 1u) << script;
    }
}

TEST(Sound, the_same_cues_render_the_same_bytes) {
    SoundStage stage(
        "function scene()\n  playMusic('tone', {fade = 0.3})\n  wait(0.2)\n  playSound('beep', {pan = 0.5})\n"
        "  setBlip('jackie', 'beep', {pitch = 1.5})\n  dialogue('jackie', 'Hello.')\nend");
    stage.run("scene", 120);
    EXPECT_EQ(stage.render(2.0), stage.render(2.0));
    EXPECT_NE(firstSound(stage.render(2.0)), -1);
}

// SDL_AUDIODRIVER naming no driver that works: one notice, a silent output,
// and clips still decode (their lengths time the scene).
TEST(Sound, no_sound_card_means_one_notice_and_a_silent_working_game) {
    SDL_setenv("SDL_AUDIODRIVER", "no_such_driver", 1);
    std::string notice;
    {
        AudioOutput output(notice);
        EXPECT_FALSE(output.live());
        SoundStage stage("function scene()\n  playSound('beep'):wait()\n  print('ended')\nend");
        stage.run("scene", 30);
        ASSERT_EQ(stage.events("print").size(), 1u);
        output.follow(stage.world.soundtrack().run(), stage.world.soundtrack().cues(), stage.world.time());
    }
    SDL_setenv("SDL_AUDIODRIVER", "", 1);
    EXPECT_NE(notice.find("sound: no audio device"), std::string::npos) << notice;
    EXPECT_NE(notice.find("plays silently"), std::string::npos) << notice;
}

#if defined(__linux__)
// ALSA with no sound card to find (an empty configuration: no default
// device, on any machine) must cost our one notice line, not alsa-lib's own.
TEST(Sound, alsa_without_a_card_prints_nothing_of_its_own) {
    std::filesystem::path config = test::scratchFolder() / "empty_alsa.conf";
    std::ofstream(config) << "# no devices\n";
    SDL_setenv("ALSA_CONFIG_PATH", config.string().c_str(), 1);
    SDL_setenv("SDL_AUDIODRIVER", "alsa", 1);
    std::filesystem::path captured = test::scratchFolder() / "alsa_stderr.txt";
    std::fflush(stderr);
    int savedStderr = dup(2);
    FILE* sink = std::fopen(captured.string().c_str(), "w");
    dup2(fileno(sink), 2);
    std::string notice;
    { AudioOutput output(notice); }
    std::fflush(stderr);
    dup2(savedStderr, 2);
    close(savedStderr);
    std::fclose(sink);
    SDL_setenv("SDL_AUDIODRIVER", "", 1);
    std::ifstream in(captured);
    std::string printed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(notice.find("sound: no audio device"), std::string::npos) << notice;
    EXPECT_EQ(printed, "") << "alsa-lib's own lines reached stderr";
}
#endif

TEST(Sound, check_reports_unknown_sound_names_at_their_lines) {
    const char* source = "function scene()\n  playSound('bep')\n  dialogue('jackie', 'Hi.', 'quite')\nend";
    SoundStage stage(source);
    auto findings = stage.host->check();
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_NE(findings[0].find(".lua:2: playSound: unknown sound 'bep' (did you mean 'beep'?)"), std::string::npos)
        << findings[0];
    EXPECT_NE(findings[1].find(":3: dialogue: unknown sound 'quite' (did you mean 'quiet'?)"), std::string::npos)
        << findings[1];
}

// A stop with a fade takes the sound down along a straight line to silence
// over its seconds, and only the sound it names: over generated fades and
// stop times, the level of each 50 ms window follows 1 - (t - stop) / fade of
// the sound's own level, and the other sound plays on untouched. A fade of 0
// still ends it at once (no click: a few milliseconds).
TEST(Sound, a_stop_fades_its_own_sound_along_a_straight_line_to_silence_and_leaves_the_others) {
    std::mt19937 random(45);
    for (int round = 0; round < 6; ++round) {
        const double stopAt = 0.5 + (random() % 10) / 10.0, fade = round == 0 ? 0.0 : 0.2 + (random() % 8) / 10.0;
        AudioCue faded, kept, stop;
        faded.id = 1, faded.time = 0, faded.clip = clipOf(square(4.0, 3000));
        kept.id = 2, kept.time = 0, kept.clip = clipOf(square(4.0, 1000)), kept.pan = 1;  // the right channel only
        stop.kind = AudioCue::Kind::Stop, stop.id = 1, stop.time = stopAt, stop.fade = static_cast<float>(fade);
        const auto pcm = renderCues({faded, kept, stop}, 3.9);
        const double full = rms(pcm, 0.1, stopAt);  // the left channel: the faded sound alone
        ASSERT_GT(full, 1000);
        for (double t = stopAt; t + 0.05 < stopAt + fade; t += 0.05) {
            const double mid = t + 0.025, gain = 1 - (mid - stopAt) / fade;
            EXPECT_NEAR(rms(pcm, t, t + 0.05) / full, gain, 0.06) << "fade " << fade << " at " << mid;
        }
        EXPECT_EQ(rms(pcm, stopAt + fade + 0.01, 3.9), 0) << "silent after a fade of " << fade;
        // The other sound, on the right, keeps its level through the fade and after it.
        double right = 0;
        for (std::int64_t i = frameAt(stopAt); i < frameAt(3.9); ++i) right += std::abs(pcm[2 * i + 1]);
        right /= static_cast<double>(frameAt(3.9) - frameAt(stopAt));
        EXPECT_GT(right, 900) << "the sound not named keeps playing";
    }
}

// A new music, or a new voice, replaces the one playing by a cross-fade over
// the new one's fade: the old falls and the new rises along straight lines,
// each heard alone on its own channel; a fade of 0 is a cut (a 5 ms ramp).
TEST(Sound, a_new_music_or_voice_cross_fades_the_old_along_straight_lines_over_its_fade) {
    std::mt19937 random(46);
    auto level = [](const std::vector<std::int16_t>& pcm, int channel, double from, double to) {
        double sum = 0;
        const std::int64_t a = frameAt(from), b = frameAt(to);
        for (std::int64_t i = a; i < b; ++i) sum += std::pow(static_cast<double>(pcm[2 * i + channel]), 2);
        return std::sqrt(sum / static_cast<double>(b - a));
    };
    for (Lane lane : {Lane::Music, Lane::Voice})
        for (int round = 0; round < 4; ++round) {
            const double at = 0.5 + (random() % 10) / 10.0, fade = round == 0 ? 0.0 : 0.2 + (random() % 8) / 10.0;
            AudioCue old, next;
            old.lane = next.lane = lane;
            old.id = 1, old.time = 0, old.clip = clipOf(square(4.0, 3000)), old.pan = -1, old.loop = true;
            next.id = 2, next.time = at, next.clip = clipOf(square(4.0, 3000)), next.pan = 1, next.loop = true;
            next.fade = static_cast<float>(fade);
            const auto pcm = renderCues({old, next}, 3.9);
            const double full = level(pcm, 0, 0.1, at);
            const std::string where =
                std::string(lane == Lane::Music ? "music" : "voice") + ", fade " + std::to_string(fade);
            ASSERT_GT(full, 1000) << where;
            for (double t = at; t + 0.05 < at + fade; t += 0.05) {
                const double mid = t + 0.025, gone = (mid - at) / fade;
                EXPECT_NEAR(level(pcm, 0, t, t + 0.05) / full, 1 - gone, 0.06) << where << ": the old at " << mid;
                EXPECT_NEAR(level(pcm, 1, t, t + 0.05) / full, gone, 0.06) << where << ": the new at " << mid;
            }
            EXPECT_EQ(level(pcm, 0, at + fade + 0.01, 3.9), 0) << where << ": the old is silent after the fade";
            EXPECT_NEAR(level(pcm, 1, at + fade + 0.01, 3.9) / full, 1, 0.02) << where << ": the new at full";
        }
}

// The typewriter's blips over generated conversations, against the rules
// docs/API.md gives them: only an actor given a blip has any, never while a
// voice plays, and a line typed with no voice starts
// blipping with its first letter. Each conversation mixes voiced and unvoiced
// lines of two actors in dialogue boxes and story pages, one actor perhaps with
// no blip at all.
TEST(Sound, over_generated_conversations_blips_follow_the_typing_and_never_sound_under_a_voice) {
    std::mt19937 random(45);
    const char* actors[] = {"jackie", "jon"};
    for (int round = 0; round < 12; ++round) {
        const bool blipping[] = {true, random() % 2 == 0};
        std::string script = "function scene()\n  setBlip('jackie', 'beep', {pitch = 2})\n";
        if (blipping[1]) script += "  setBlip('jon', 'beep')\n";
        std::vector<bool> voiced;
        for (int line = 0; line < 6; ++line) {
            const char* actor = actors[random() % 2];
            voiced.push_back(random() % 3 == 0);
            const std::string call = random() % 2 ? "dialogue" : "text";
            script += "  " + call + "('" + actor + "', 'Line " + std::to_string(line) +
                      ", typed slowly enough to blip a few times.'" + (voiced.back() ? ", 'quiet'" : "") + ")\n";
            if (random() % 2) script += "  wait(0.3)\n";
        }
        script += "end";
        SoundStage stage(script);
        ASSERT_EQ(stage.run("scene", 2400).status, "done") << script;

        // When voices play: from each voice's start to its clip's end or the next voice cue.
        std::vector<std::pair<double, double>> voices;
        const auto& cues = stage.world.soundtrack().cues();
        for (std::size_t i = 0; i < cues.size(); ++i) {
            if (cues[i].lane != Lane::Voice || cues[i].kind != AudioCue::Kind::Play) continue;
            double end = cues[i].time + cues[i].clip->seconds();
            for (std::size_t j = i + 1; j < cues.size(); ++j)
                if (cues[j].lane == Lane::Voice) {
                    end = std::min(end, cues[j].time);
                    break;
                }
            voices.emplace_back(cues[i].time, end);
        }
        std::vector<double> blipTimes;
        for (const auto& cue : cues) {
            if (cue.lane != Lane::Blip) continue;
            blipTimes.push_back(cue.time);
            for (const auto& [from, to] : voices)
                EXPECT_FALSE(cue.time >= from - 1e-9 && cue.time < to - 1e-9)
                    << "a blip at " << cue.time << " under a voice from " << from << " to " << to << "\n"
                    << script;
        }
        // Each unvoiced line by an actor with a blip blips as its first letter appears.
        std::vector<const TranscriptEvent*> lines = stage.events("line");
        for (const auto* page : stage.events("text")) lines.push_back(page);
        std::sort(lines.begin(), lines.end(), [](auto* a, auto* b) { return a->time < b->time; });
        ASSERT_EQ(lines.size(), voiced.size()) << script;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const std::string speaker = *lines[i]->field("speaker");
            const bool blips = speaker == "jackie" || blipping[1];
            const bool heard = std::any_of(blipTimes.begin(), blipTimes.end(), [&](double t) {
                return t >= lines[i]->time - 1e-9 && t < lines[i]->time + 0.05;
            });
            EXPECT_EQ(heard, blips && !voiced[i])
                << "line " << i << " of " << speaker << " at " << lines[i]->time << "\n"
                << script;
        }
    }
}
