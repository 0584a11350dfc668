#include "audio/AudioOutput.h"

#include <SDL.h>
#include <SDL_mixer.h>

#include <cstring>

#if defined(__linux__)
#include <dlfcn.h>
#endif

#include "platform/Portable.h"

namespace stagehand {

namespace {

// SDL_mixer is one per process: open on the sound card (an AudioOutput),
// open silently for decoding only, or closed.
enum class MixerState { Closed, Silent, Live };
MixerState g_mixer = MixerState::Closed;

#if defined(__linux__)
// alsa-lib prints its own lines to stderr when there is no sound card (eight
// of them, "ALSA lib pcm.c: Unknown PCM default"...), before SDL gives up and
// we print our one notice. SDL loads the library itself; the same library,
// loaded here, takes a handler that keeps those lines to itself. A system
// without libasound, or a newer one without the call, keeps its default.
using AlsaErrorHandler = void (*)(const char*, int, const char*, int, const char*, ...);
void ignoreAlsaMessage(const char*, int, const char*, int, const char*, ...) {}
void quietAlsaLibrary() {
    static bool done = false;
    if (done) return;
    done = true;
    void* alsa = dlopen("libasound.so.2", RTLD_LAZY | RTLD_LOCAL);  // kept open: the handler must outlive SDL's use
    if (!alsa) return;
    using SetHandler = int (*)(AlsaErrorHandler);
    if (auto set = reinterpret_cast<SetHandler>(dlsym(alsa, "snd_lib_error_set_handler"))) set(&ignoreAlsaMessage);
}
#else
void quietAlsaLibrary() {}
#endif

// Exactly our format (no changes allowed): SDL converts for the card, and
// decoded clips come out the same whichever card there is, or none.
bool openMixer(std::string& error) {
    quietAlsaLibrary();
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        error = SDL_GetError();
        return false;
    }
    if (Mix_OpenAudioDevice(kSampleRate, AUDIO_S16SYS, kChannels, 1024, nullptr, 0) != 0) {
        error = Mix_GetError();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return false;
    }
    Mix_Init(MIX_INIT_OGG);
    return true;
}

void closeMixer() {
    Mix_HookMusic(nullptr, nullptr);
    Mix_CloseAudio();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    g_mixer = MixerState::Closed;
}

// SDL's dummy driver: a mixer that decodes and plays to nowhere.
bool openSilentMixer(std::string& error) {
#ifdef __EMSCRIPTEN__
    // The browser's page has no threads, which the dummy driver needs; the
    // browser's own (Web Audio) decodes as well, and plays nothing unasked.
    bool ok = openMixer(error);
#else
    SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "dummy", SDL_HINT_OVERRIDE);
    bool ok = openMixer(error);
    SDL_ResetHint(SDL_HINT_AUDIODRIVER);  // back to SDL_AUDIODRIVER or the default
#endif
    if (ok) g_mixer = MixerState::Silent;
    return ok;
}

}  // namespace

std::shared_ptr<Clip> decodeSoundFile(const std::filesystem::path& path, std::string& error) {
    if (g_mixer == MixerState::Closed && !openSilentMixer(error)) {
        error = "no decoder (" + error + ")";
        return nullptr;
    }
    SDL_RWops* file = SDL_RWFromFile(utf8Path(path).c_str(), "rb");
    Mix_Chunk* chunk = file ? Mix_LoadWAV_RW(file, 1) : nullptr;
    if (!chunk) {
        error = Mix_GetError();
        return nullptr;
    }
    auto clip = std::make_shared<Clip>();
    clip->samples.resize(chunk->alen / sizeof(std::int16_t) / kChannels * kChannels);
    std::memcpy(clip->samples.data(), chunk->abuf, clip->samples.size() * sizeof(std::int16_t));
    Mix_FreeChunk(chunk);
    return clip;
}

AudioOutput::AudioOutput(std::string& notice) {
    if (g_mixer != MixerState::Closed) closeMixer();  // a silent decoder gives way to the card
    std::string error;
    if (openMixer(error)) {
        g_mixer = MixerState::Live;
        live_ = true;
        Mix_HookMusic(&AudioOutput::feed, this);
        return;
    }
    notice = "sound: no audio device (" + error + "); the game plays silently";
    std::string ignored;
    openSilentMixer(ignored);  // clips still decode: their lengths time the scene
}

AudioOutput::~AudioOutput() {
    if (live_) closeMixer();
}

void AudioOutput::feed(void* self, unsigned char* stream, int bytes) {
    auto* output = static_cast<AudioOutput*>(self);
    ++output->callbacks_;
    std::vector<AudioCue> cues;
    std::unique_ptr<Mixer> fresh;
    MixVolumes volumes;
    bool paused = false;
    {
        std::lock_guard<std::mutex> lock(output->mutex_);
        cues.swap(output->handover_.cues);
        fresh = std::move(output->handover_.fresh);
        volumes = output->handover_.volumes;
        paused = output->handover_.paused;
    }
    Mixer& mixer = output->mixer_;
    if (fresh) mixer = std::move(*fresh);
    for (const auto& cue : cues) mixer.apply(cue);
    mixer.setVolumes(volumes);
    mixer.setPaused(paused);
    mixer.render(reinterpret_cast<std::int16_t*>(stream), bytes / static_cast<int>(sizeof(std::int16_t)) / kChannels);
}

void AudioOutput::follow(std::uint64_t run, const std::vector<AudioCue>& cues, double now) {
    if (!live_) return;
    if (run != run_ || cues.size() < sent_) {
        auto fresh = std::make_unique<Mixer>(mixerAt(cues, now));  // before the lock: seeking takes a while
        std::lock_guard<std::mutex> lock(mutex_);
        handover_.fresh = std::move(fresh);
        handover_.cues.clear();
        run_ = run;
        sent_ = cues.size();
        return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    handover_.cues.insert(handover_.cues.end(), cues.begin() + static_cast<std::ptrdiff_t>(sent_), cues.end());
    sent_ = cues.size();
}

void AudioOutput::stopAll() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (run_ == 0 && !handover_.fresh) return;
    handover_.fresh = std::make_unique<Mixer>();  // silence
    handover_.cues.clear();
    run_ = 0;
    sent_ = 0;
}

void AudioOutput::setPaused(bool paused) {
    std::lock_guard<std::mutex> lock(mutex_);
    handover_.paused = paused;
}

bool AudioOutput::paused() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return handover_.paused;
}

void AudioOutput::setVolumes(const MixVolumes& volumes) {
    std::lock_guard<std::mutex> lock(mutex_);
    handover_.volumes = volumes;
}

MixVolumes AudioOutput::volumes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return handover_.volumes;
}

}  // namespace stagehand
