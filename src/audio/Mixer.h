// The one mixer: plays cues into 16-bit stereo frames. The live device calls
// render() on SDL's audio thread (AudioOutput); --audio and the tests call it
// from a loop over the cue list (renderCues). Pure arithmetic on decoded
// clips: the same cues give the same bytes on every run.
#pragma once

#include <cstdint>
#include <vector>

#include "audio/AudioCue.h"

namespace stagehand {

class Mixer {
public:
    // Sounds, voices and blips playing at once; more are dropped (a script
    // starting thousands in one tick costs nothing but their cues).
    static constexpr int kMaxVoices = 32;
    // Music under a voice plays at this gain, reached over kDuckSeconds.
    static constexpr float kDuckGain = 0.35f;
    static constexpr float kDuckSeconds = 0.25f;
    // A stop with no fade still ramps down this long: a cut mid-wave clicks.
    static constexpr float kMinFadeSeconds = 0.005f;

    // Starts or stops what `cue` says, now.
    void apply(const AudioCue& cue);
    // Mixes the next `frames` frames (interleaved stereo) and moves on.
    // Paused, it writes silence and nothing moves.
    void render(std::int16_t* out, int frames);
    // Moves on `frames` frames without writing them (seeking).
    void skip(std::int64_t frames);
    void setPaused(bool paused) { paused_ = paused; }
    bool paused() const { return paused_; }
    void setVolumes(const MixVolumes& volumes) { volumes_ = volumes; }
    const MixVolumes& volumes() const { return volumes_; }
    void clear();
    int playingCount() const { return static_cast<int>(voices_.size()); }
    bool ducking() const { return duck_ < 1.0f; }

private:
    struct Voice {
        std::shared_ptr<const Clip> clip;
        Lane lane = Lane::Sound;
        int id = 0;
        double position = 0;   // in frames of the clip
        double startedAt = 0;  // the cue's scene time, pan and fade-in: the same at once is one voice
        float pan = 0, fadeIn = 0;
        double step = 1;
        float volume = 1, left = 1, right = 1;
        float gain = 1, gainStep = 0, gainTarget = 1;
        std::int64_t fadeFramesLeft = 0;
        bool loop = false;
        bool stopping = false;  // removed once faded out
        bool done = false;
    };

    void start(const AudioCue& cue);
    void fadeOut(Voice& voice, float seconds);
    float laneVolume(Lane lane) const;
    void mixVoice(Voice& voice, float* mix, const float* duck, int frames);
    void fillDuck(int frames);

    std::vector<Voice> voices_;
    std::vector<float> mix_, duckRamp_;
    float duck_ = 1;
    bool paused_ = false;
    MixVolumes volumes_;
};

// The offline render: `cues` (in time order) mixed from scene time 0 to
// `seconds`, as interleaved stereo frames. What --audio writes.
std::vector<std::int16_t> renderCues(const std::vector<AudioCue>& cues, double seconds);

// A mixer as `cues` leave it at scene time `seconds`, without playing the
// time before: music mid-track, sounds still sounding mid-sound, ended ones
// gone. What a hot reload, a loaded save or a replay starts playing from.
Mixer mixerAt(const std::vector<AudioCue>& cues, double seconds);

// The frame a cue at `seconds` starts on.
std::int64_t frameAt(double seconds);

}  // namespace stagehand
