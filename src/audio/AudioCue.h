// What the scenes asked the speakers to do, as a list of cues stamped with
// scene time. The world records them (game/Soundtrack); the live device and
// the offline render (--audio) both play the same list through one Mixer, so
// what a test hears in the WAV is what a player hears.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace stagehand {

// Every clip is decoded once to this format, and the mixer runs at it.
constexpr int kSampleRate = 44100;
constexpr int kChannels = 2;

// A decoded sound file: 16-bit stereo frames at kSampleRate.
struct Clip {
    std::string name;
    std::vector<std::int16_t> samples;  // interleaved left, right
    std::int64_t frames() const { return static_cast<std::int64_t>(samples.size() / kChannels); }
    double seconds() const { return static_cast<double>(frames()) / kSampleRate; }
};

// The mixer's lanes: music is ducked while a voice plays; blips are the
// typewriter's letters (the player's voice volume sets them too).
enum class Lane { Music, Sound, Voice, Blip };

struct AudioCue {
    enum class Kind { Play, Stop };
    Kind kind = Kind::Play;
    Lane lane = Lane::Sound;
    double time = 0;  // scene seconds
    int id = 0;       // the sound a Stop ends (0 with Lane::Music or Voice: whatever plays there)
    std::shared_ptr<const Clip> clip;
    float volume = 1;
    float pan = 0;    // -1 left .. 1 right
    float fade = 0;   // seconds: fade-in of a Play, fade-out of a Stop (and of the music a Play replaces)
    float pitch = 1;  // playback rate (typewriter blips)
    bool loop = false;
};

// The player's volumes, 0..1 each (the live device only; renders use 1).
struct MixVolumes {
    float master = 1, music = 1, sound = 1, voice = 1;
};

}  // namespace stagehand
