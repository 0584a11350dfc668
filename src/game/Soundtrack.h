// What the scene asked to hear, at its scene time: music, sounds, the voice
// of a line and the typewriter's blips. Each call is a transcript event and
// a cue in cues(), which the device (app/) and --audio play through the one
// Mixer. When a sound ends is worked out from its clip's length, never from
// the sound card, so waits on sounds are the same on every machine.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "audio/AudioCue.h"
#include "audio/ClipLibrary.h"
#include "game/Chronicle.h"

namespace stagehand {

struct SoundRequest {
    double volume = 1, pan = 0, fade = 0;  // as the script gave them: the transcript shows them so
    bool loop = false;
};

class Soundtrack {
public:
    explicit Soundtrack(Chronicle& chronicle) : chronicle_(chronicle), run_(++runsMade_) {}

    // Which run these cues belong to: the device starts afresh (seeks) when it changes.
    std::uint64_t run() const { return run_; }

    // The sounds scripts may name; none until set (every name is unknown).
    void setClips(std::shared_ptr<ClipLibrary> clips) { clips_ = std::move(clips); }
    ClipLibrary* clips() const { return clips_.get(); }

    // --- Commands (from scripts). A false or 0 result sets `error`. ---
    // Starts a track; music already playing fades out over the same `fade` (a cross-fade).
    bool playMusic(const std::string& name, const SoundRequest& request, std::string& error);
    void stopMusic(double fade);
    // A one-shot (or a loop, until stopped); returns its handle id.
    int playSound(const std::string& name, const SoundRequest& request, std::string& error);
    void stopSound(int id, double fade);
    bool isSoundPlaying(int id) const;
    // The voice of the line `speaker` says now; the next line stops it.
    bool playVoice(const std::string& speaker, const std::string& name, std::string& error);
    void stopVoice();
    bool voicePlaying() const;
    // The typewriter's blip for `actor`'s letters (empty name: none).
    bool setBlip(const std::string& actor, const std::string& name, double pitch, double volume, std::string& error);

    // --- From the story and the cast ---
    // A letter of `actor`'s line appeared: a blip, unless one still sounds.
    void letterTyped(const std::string& actor);
    // A speech bubble of `letters` letters: its actor's blips babble as if it
    // were typed at `lettersPerSecond` (0 letters: the bubble went, so does the babble).
    void babble(const std::string& actor, int letters, float lettersPerSecond = 45.0f);
    void advance(float dt);
    // A new chapter: the music fades out, sounds still playing (loops) stop, and the voice.
    void stopForChapter();
    // True when a sound of that name exists; else `error` says why not.
    bool knowsSound(const std::string& name, std::string& error) { return find(name, error) != nullptr; }

    const std::vector<AudioCue>& cues() const { return cues_; }

private:
    static constexpr double kForever = std::numeric_limits<double>::infinity();
    std::shared_ptr<const Clip> find(const std::string& name, std::string& error);
    AudioCue cue(Lane lane, const std::shared_ptr<const Clip>& clip, const SoundRequest& request) const;
    double endOf(const AudioCue& cue) const;

    struct Blip {
        std::shared_ptr<const Clip> clip;
        double pitch = 1, volume = 1;
        double endsAt = 0;
    };

    static inline std::uint64_t runsMade_ = 0;  // the game thread's alone
    Chronicle& chronicle_;
    std::uint64_t run_;
    std::shared_ptr<ClipLibrary> clips_;
    std::vector<AudioCue> cues_;
    std::map<int, double> soundEnds_;  // handle -> scene time it ends (stopped: when stopped)
    int nextSoundId_ = 1;
    double musicEndsAt_ = 0;  // the scene time the music ends (stopped: when stopped)
    std::string voiceName_;
    double voiceEndsAt_ = 0;
    std::map<std::string, Blip> blips_;
    struct Babble {
        float lettersLeft = 0, perSecond = 45, progress = 0;
    };
    std::map<std::string, Babble> babbles_;  // by actor
};

}  // namespace stagehand
