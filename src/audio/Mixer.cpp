#include "audio/Mixer.h"

#include <algorithm>
#include <cmath>

namespace stagehand {

namespace {
std::int64_t framesOf(float seconds) {
    return static_cast<std::int64_t>(std::llround(static_cast<double>(seconds) * kSampleRate));
}
}  // namespace

std::int64_t frameAt(double seconds) {
    return static_cast<std::int64_t>(std::llround(seconds * kSampleRate));
}

void Mixer::clear() {
    voices_.clear();
    duck_ = 1;
}

void Mixer::fadeOut(Voice& voice, float seconds) {
    std::int64_t frames = std::max<std::int64_t>(1, framesOf(std::max(seconds, kMinFadeSeconds)));
    voice.stopping = true;
    voice.gainTarget = 0;
    voice.fadeFramesLeft = frames;
    voice.gainStep = -voice.gain / static_cast<float>(frames);
}

void Mixer::apply(const AudioCue& cue) {
    if (cue.kind == AudioCue::Kind::Stop) {
        for (auto& v : voices_)
            if (v.lane == cue.lane && (cue.id == 0 || v.id == cue.id) && !v.stopping) fadeOut(v, cue.fade);
        return;
    }
    // One music and one voice at a time: a new one replaces (cross-fades) the old.
    if (cue.lane == Lane::Music || cue.lane == Lane::Voice)
        for (auto& v : voices_)
            if (v.lane == cue.lane && !v.stopping) fadeOut(v, cue.fade);
    start(cue);
}

void Mixer::start(const AudioCue& cue) {
    if (!cue.clip || cue.clip->frames() == 0) return;
    auto busy = std::count_if(voices_.begin(), voices_.end(), [](const Voice& v) { return v.lane != Lane::Music; });
    if (cue.lane != Lane::Music && busy >= kMaxVoices) return;  // the channels are full: dropped
    // The same sound started again at the same instant (the same tick's time)
    // adds nothing but loudness: one voice plays it (a loop of playSound with
    // no wait was 32 foghorns at once, clipped).
    const double step = cue.pitch > 0 ? cue.pitch : 1.0;
    const float pan = std::clamp(cue.pan, -1.0f, 1.0f);
    if (cue.lane != Lane::Music && std::any_of(voices_.begin(), voices_.end(), [&](const Voice& v) {
            return v.clip == cue.clip && v.lane == cue.lane && v.startedAt == cue.time && !v.stopping &&
                   v.step == step && v.volume == cue.volume && v.pan == pan && v.fadeIn == cue.fade && !v.loop &&
                   !cue.loop;
        }))
        return;
    Voice v;
    v.startedAt = cue.time;
    v.pan = pan;
    v.fadeIn = cue.fade;
    v.clip = cue.clip;
    v.lane = cue.lane;
    v.id = cue.id;
    v.step = step;
    v.volume = cue.volume;
    v.left = std::min(1.0f, 1.0f - pan);
    v.right = std::min(1.0f, 1.0f + pan);
    v.loop = cue.loop;
    if (cue.fade > 0) {
        v.gain = 0;
        v.gainTarget = 1;
        v.fadeFramesLeft = std::max<std::int64_t>(1, framesOf(cue.fade));
        v.gainStep = 1.0f / static_cast<float>(v.fadeFramesLeft);
    }
    voices_.push_back(std::move(v));
}

float Mixer::laneVolume(Lane lane) const {
    switch (lane) {
        case Lane::Music: return volumes_.master * volumes_.music;
        case Lane::Sound: return volumes_.master * volumes_.sound;
        case Lane::Voice:
        case Lane::Blip: return volumes_.master * volumes_.voice;
    }
    return volumes_.master;
}

// The music's gain frame by frame: down while a voice plays, back up after.
void Mixer::fillDuck(int frames) {
    bool voice = std::any_of(voices_.begin(), voices_.end(),
                             [](const Voice& v) { return v.lane == Lane::Voice && !v.stopping; });
    float target = voice ? kDuckGain : 1.0f;
    float rate = (1.0f - kDuckGain) / (kDuckSeconds * kSampleRate);
    duckRamp_.resize(static_cast<std::size_t>(frames));
    for (int i = 0; i < frames; ++i) {
        duck_ += std::clamp(target - duck_, -rate, rate);
        duckRamp_[static_cast<std::size_t>(i)] = duck_;
    }
}

void Mixer::mixVoice(Voice& v, float* mix, const float* duck, int frames) {
    const std::int16_t* s = v.clip->samples.data();
    const auto length = static_cast<double>(v.clip->frames());
    const float lane = laneVolume(v.lane) * v.volume;
    for (int i = 0; i < frames && !v.done; ++i) {
        auto at = static_cast<std::int64_t>(v.position);
        auto next = at + 1 < v.clip->frames() ? at + 1 : (v.loop ? 0 : at);
        auto frac = static_cast<float>(v.position - static_cast<double>(at));
        float l = s[2 * at] + (s[2 * next] - s[2 * at]) * frac;
        float r = s[2 * at + 1] + (s[2 * next + 1] - s[2 * at + 1]) * frac;
        float g = v.gain * lane * (duck ? duck[i] : 1.0f);
        if (mix) {
            mix[2 * i] += l * g * v.left;
            mix[2 * i + 1] += r * g * v.right;
        }
        v.position += v.step;
        if (v.position >= length) {
            if (v.loop)
                v.position -= length;
            else
                v.done = true;
        }
        if (v.fadeFramesLeft > 0 && --v.fadeFramesLeft == 0) {
            v.gain = v.gainTarget;
            if (v.stopping) v.done = true;
        } else if (v.fadeFramesLeft > 0) {
            v.gain += v.gainStep;
        }
    }
}

void Mixer::render(std::int16_t* out, int frames) {
    std::fill(out, out + 2 * frames, std::int16_t{0});
    if (paused_ || frames <= 0) return;
    mix_.assign(static_cast<std::size_t>(2 * frames), 0.0f);
    fillDuck(frames);
    for (auto& v : voices_) mixVoice(v, mix_.data(), v.lane == Lane::Music ? duckRamp_.data() : nullptr, frames);
    voices_.erase(std::remove_if(voices_.begin(), voices_.end(), [](const Voice& v) { return v.done; }), voices_.end());
    for (int i = 0; i < 2 * frames; ++i) {
        float x = std::floor(mix_[static_cast<std::size_t>(i)] + 0.5f);
        out[i] = static_cast<std::int16_t>(std::clamp(x, -32768.0f, 32767.0f));
    }
}

void Mixer::skip(std::int64_t frames) {
    while (frames > 0) {
        int chunk = static_cast<int>(std::min<std::int64_t>(frames, 4096));
        fillDuck(chunk);
        for (auto& v : voices_) mixVoice(v, nullptr, nullptr, chunk);
        voices_.erase(std::remove_if(voices_.begin(), voices_.end(), [](const Voice& v) { return v.done; }),
                      voices_.end());
        frames -= chunk;
    }
}

Mixer mixerAt(const std::vector<AudioCue>& cues, double seconds) {
    Mixer mixer;
    std::int64_t now = 0, end = frameAt(seconds);
    for (const auto& cue : cues) {
        std::int64_t at = std::min(frameAt(cue.time), end);
        mixer.skip(at - now);
        now = at;
        mixer.apply(cue);
    }
    mixer.skip(end - now);
    return mixer;
}

std::vector<std::int16_t> renderCues(const std::vector<AudioCue>& cues, double seconds) {
    std::int64_t total = std::max<std::int64_t>(0, frameAt(seconds));
    std::vector<std::int16_t> out(static_cast<std::size_t>(2 * total));
    Mixer mixer;
    std::int64_t now = 0;
    auto renderTo = [&](std::int64_t frame) {
        frame = std::min(frame, total);
        while (now < frame) {
            int chunk = static_cast<int>(std::min<std::int64_t>(frame - now, 4096));
            mixer.render(out.data() + 2 * now, chunk);
            now += chunk;
        }
    };
    for (const auto& cue : cues) {
        renderTo(frameAt(cue.time));
        mixer.apply(cue);
    }
    renderTo(total);
    return out;
}

}  // namespace stagehand
