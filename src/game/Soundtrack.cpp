#include "game/Soundtrack.h"

#include <algorithm>

namespace stagehand {

std::shared_ptr<const Clip> Soundtrack::find(const std::string& name, std::string& error) {
    if (!clips_) {
        error = "no sound named '" + name + "'";
        return nullptr;
    }
    return clips_->load(name, error);
}

AudioCue Soundtrack::cue(Lane lane, const std::shared_ptr<const Clip>& clip, const SoundRequest& request) const {
    AudioCue c;
    c.lane = lane;
    c.time = chronicle_.time();
    c.clip = clip;
    c.volume = static_cast<float>(request.volume);
    c.pan = static_cast<float>(request.pan);
    c.fade = static_cast<float>(request.fade);
    c.loop = request.loop;
    return c;
}

double Soundtrack::endOf(const AudioCue& c) const {
    if (c.loop) return kForever;
    return c.time + c.clip->seconds() / (c.pitch > 0 ? c.pitch : 1.0f);
}

bool Soundtrack::playMusic(const std::string& name, const SoundRequest& request, std::string& error) {
    auto clip = find(name, error);
    if (!clip) return false;
    cues_.push_back(cue(Lane::Music, clip, request));
    musicEndsAt_ = endOf(cues_.back());
    chronicle_.record(chronicle_.event("music")
                          .with("name", name)
                          .withNumber("volume", request.volume)
                          .withNumber("fade", request.fade)
                          .with("loop", request.loop ? "true" : "false")
                          .withNumber("seconds", clip->seconds()));
    return true;
}

void Soundtrack::stopMusic(double fade) {
    AudioCue c;
    c.kind = AudioCue::Kind::Stop;
    c.lane = Lane::Music;
    c.time = chronicle_.time();
    c.fade = static_cast<float>(fade);
    cues_.push_back(c);
    musicEndsAt_ = chronicle_.time();
    chronicle_.record(chronicle_.event("music_stop").withNumber("fade", fade));
}

int Soundtrack::playSound(const std::string& name, const SoundRequest& request, std::string& error) {
    auto clip = find(name, error);
    if (!clip) return 0;
    AudioCue c = cue(Lane::Sound, clip, request);
    c.id = nextSoundId_++;
    soundEnds_[c.id] = endOf(c);
    cues_.push_back(c);
    auto e = chronicle_.event("sound");
    e.withNumber("id", c.id).with("name", name).withNumber("volume", request.volume).withNumber("pan", request.pan);
    e.withNumber("seconds", clip->seconds());
    if (request.loop) e.with("loop", "true");
    chronicle_.record(e);
    return c.id;
}

void Soundtrack::stopSound(int id, double fade) {
    auto it = soundEnds_.find(id);
    if (it == soundEnds_.end() || it->second <= chronicle_.time()) return;  // over already: nothing to hear
    it->second = chronicle_.time();
    AudioCue c;
    c.kind = AudioCue::Kind::Stop;
    c.lane = Lane::Sound;
    c.id = id;
    c.time = chronicle_.time();
    c.fade = static_cast<float>(fade);
    cues_.push_back(c);
    chronicle_.record(chronicle_.event("sound_stop").withNumber("id", id).withNumber("fade", fade));
}

void Soundtrack::stopForChapter() {
    constexpr double kFadeSeconds = 0.5;
    if (chronicle_.time() < musicEndsAt_) stopMusic(kFadeSeconds);
    for (const auto& [id, ends] : soundEnds_)
        if (ends > chronicle_.time()) stopSound(id, kFadeSeconds);
    stopVoice();
}

bool Soundtrack::isSoundPlaying(int id) const {
    auto it = soundEnds_.find(id);
    return it != soundEnds_.end() && chronicle_.time() < it->second;
}

bool Soundtrack::playVoice(const std::string& speaker, const std::string& name, std::string& error) {
    auto clip = find(name, error);
    if (!clip) return false;
    stopVoice();
    AudioCue c = cue(Lane::Voice, clip, {});
    cues_.push_back(c);
    voiceName_ = name;
    voiceEndsAt_ = endOf(c);
    chronicle_.record(
        chronicle_.event("voice").with("speaker", speaker).with("name", name).withNumber("seconds", clip->seconds()));
    return true;
}

void Soundtrack::stopVoice() {
    if (!voicePlaying()) return;
    AudioCue c;
    c.kind = AudioCue::Kind::Stop;
    c.lane = Lane::Voice;
    c.time = chronicle_.time();
    cues_.push_back(c);
    voiceEndsAt_ = chronicle_.time();
    chronicle_.record(chronicle_.event("voice_stop").with("name", voiceName_));
}

bool Soundtrack::voicePlaying() const {
    return chronicle_.time() < voiceEndsAt_;
}

bool Soundtrack::setBlip(const std::string& actor, const std::string& name, double pitch, double volume,
                         std::string& error) {
    if (name.empty()) {
        blips_.erase(actor);
        chronicle_.record(chronicle_.event("blip").with("actor", actor).with("name", ""));
        return true;
    }
    auto clip = find(name, error);
    if (!clip) return false;
    blips_[actor] = {clip, pitch, volume, 0};
    chronicle_.record(chronicle_.event("blip")
                          .with("actor", actor)
                          .with("name", name)
                          .withNumber("pitch", pitch)
                          .withNumber("volume", volume));
    return true;
}

// Blips are cues but not transcript events: one per letter would bury the
// lines they belong to, and the line event already fixes them.
void Soundtrack::letterTyped(const std::string& actor) {
    auto it = blips_.find(actor);
    if (it == blips_.end() || voicePlaying()) return;  // a voiced line needs no blips
    Blip& blip = it->second;
    if (chronicle_.time() < blip.endsAt) return;  // one at a time per actor
    AudioCue c = cue(Lane::Blip, blip.clip, {});
    c.pitch = static_cast<float>(blip.pitch);
    c.volume = static_cast<float>(blip.volume);
    blip.endsAt = endOf(c);
    cues_.push_back(c);
}

void Soundtrack::babble(const std::string& actor, int letters, float lettersPerSecond) {
    if (letters <= 0 || blips_.count(actor) == 0) {
        babbles_.erase(actor);
        return;
    }
    babbles_[actor] = {static_cast<float>(letters), lettersPerSecond, 0};
    letterTyped(actor);  // the bubble appears whole: its first blip with it
}

void Soundtrack::advance(float dt) {
    for (auto it = babbles_.begin(); it != babbles_.end();) {
        Babble& b = it->second;
        float before = b.progress;
        b.progress += b.perSecond * dt;
        if (static_cast<int>(b.progress) > static_cast<int>(before)) letterTyped(it->first);
        it = b.progress >= b.lettersLeft ? babbles_.erase(it) : std::next(it);
    }
}

}  // namespace stagehand
