// SDL2_mixer behind one class: the sound card, fed by our Mixer on SDL's
// audio thread (Mix_HookMusic), so the frame loop never waits for audio; and
// the decoder every clip goes through (Mix_LoadWAV_RW: OGG Vorbis, WAV).
// With no sound card the game plays silently and decodes all the same (SDL's
// dummy driver): scene timing never depends on the device.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "audio/AudioCue.h"
#include "audio/Mixer.h"

namespace stagehand {

// Decodes a sound file to kSampleRate 16-bit stereo; null with `error`
// ("cannot read FILE: why") when it is damaged or of an unknown kind. Opens
// a silent mixer for decoding when no AudioOutput is open.
std::shared_ptr<Clip> decodeSoundFile(const std::filesystem::path& path, std::string& error);

class AudioOutput {
public:
    // Opens the sound card. When there is none (or SDL_AUDIODRIVER names none
    // that works), `notice` gets one line saying the game plays silently.
    explicit AudioOutput(std::string& notice);
    ~AudioOutput();
    AudioOutput(const AudioOutput&) = delete;
    AudioOutput& operator=(const AudioOutput&) = delete;

    bool live() const { return live_; }
    // Device callbacks so far (SDL's audio thread): bench/audio_bench times the
    // wait from a call to the callback that plays it.
    std::uint64_t callbacks() const { return callbacks_.load(); }

    // Plays the cues of `run` (a run's cue list, in time order) as its scene
    // time reaches `now`. A new run (a new scene, a hot reload, a loaded save)
    // starts the mixer at `now` as the cues left it: music resumes mid-track,
    // sounds of the skipped time that have ended are not played.
    void follow(std::uint64_t run, const std::vector<AudioCue>& cues, double now);
    void stopAll();
    void setPaused(bool paused);
    bool paused() const;
    void setVolumes(const MixVolumes& volumes);
    MixVolumes volumes() const;  // as last set: what the device mixes at

private:
    static void feed(void* self, unsigned char* stream, int bytes);

    // What the game thread hands the audio thread. The lock guards only this
    // hand-over, never a render: the game thread cannot wait on the mixing.
    struct Handover {
        std::vector<AudioCue> cues;    // to apply, in order
        std::unique_ptr<Mixer> fresh;  // a seek: this mixer replaces the playing one first
        MixVolumes volumes;
        bool paused = false;
    };

    bool live_ = false;
    std::atomic<std::uint64_t> callbacks_{0};
    mutable std::mutex mutex_;
    Handover handover_;
    Mixer mixer_;  // the audio thread's alone
    std::uint64_t run_ = 0;
    std::size_t sent_ = 0;  // cues of run_ handed over
};

}  // namespace stagehand
