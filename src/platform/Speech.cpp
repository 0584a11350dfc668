#include "platform/Speech.h"

#include <SDL.h>

#include <condition_variable>
#include <mutex>
#include <thread>

#ifdef _WIN32
#include <windows.h>
// windows.h comes first: sapi.h needs its types.
#include <sapi.h>
#endif

namespace stagehand {

namespace {

#if defined(_WIN32)

// SAPI's voice through COM: Speak with SPF_ASYNC returns at once and
// SPF_PURGEBEFORESPEAK drops what was being read.
class SapiSpeech : public SpeechSink {
public:
    bool open(std::string& why) {
        HRESULT started = CoInitializeEx(nullptr, COINIT_APARTMENTTHREADED);
        ownsCom_ = SUCCEEDED(started);  // RPC_E_CHANGED_MODE: SDL started COM its own way; it still works
        HRESULT made =
            CoCreateInstance(CLSID_SpVoice, nullptr, CLSCTX_ALL, IID_ISpVoice, reinterpret_cast<void**>(&voice_));
        if (FAILED(made) || !voice_) {
            why = "no speech synthesiser: SAPI's voice did not start (error " + std::to_string(made) + ")";
            return false;
        }
        return true;
    }
    ~SapiSpeech() override {
        if (voice_) {
            stop();
            voice_->Release();
        }
        if (ownsCom_) CoUninitialize();
    }
    void say(const std::string& text) override {
        int length = MultiByteToWideChar(CP_UTF8, 0, text.c_str(), -1, nullptr, 0);
        if (length <= 0) return;
        std::wstring wide(static_cast<std::size_t>(length), L'\0');
        MultiByteToWideChar(CP_UTF8, 0, text.c_str(), -1, wide.data(), length);
        voice_->Speak(wide.c_str(), SPF_ASYNC | SPF_PURGEBEFORESPEAK | SPF_IS_NOT_XML, nullptr);
    }
    void stop() override { voice_->Speak(nullptr, SPF_PURGEBEFORESPEAK, nullptr); }

private:
    ISpVoice* voice_ = nullptr;
    bool ownsCom_ = false;
};

#elif defined(__APPLE__)
// Not built yet: the system voice (AVSpeechSynthesizer) needs Objective-C++,
// and no Mac has checked it. The option stays hidden there.
#else

// espeak-ng's C API, declared here as its header (speak_lib.h, 1.51) has it,
// because the library is loaded at run time rather than linked.
using EspeakInitialize = int (*)(int output, int bufferLength, const char* path, int options);
using EspeakSynth = int (*)(const void* text, std::size_t size, unsigned int position, int positionType,
                            unsigned int endPosition, unsigned int flags, unsigned int* id, void* userData);
using EspeakCancel = int (*)();
using EspeakTerminate = int (*)();
struct EspeakVoice {  // espeak_VOICE: only `languages` is given when choosing a voice by its language
    const char* name;
    const char* languages;
    const char* identifier;
    unsigned char gender, age, variant, xx1;
    int score;
    void* spare;
};
using EspeakSetVoiceByProperties = int (*)(EspeakVoice* voice);
constexpr int kPlayback = 0;           // AUDIO_OUTPUT_PLAYBACK: espeak-ng plays it on its own thread
constexpr int kPositionCharacter = 1;  // POS_CHARACTER
constexpr unsigned kCharsUtf8 = 1;     // espeakCHARS_UTF8
constexpr const char* kLibraries[] = {"libespeak-ng.so.1", "libespeak-ng.so"};

struct EspeakLibrary {
    void* handle = nullptr;
    EspeakInitialize initialize = nullptr;
    EspeakSynth synth = nullptr;
    EspeakCancel cancel = nullptr;
    EspeakTerminate terminate = nullptr;
    EspeakSetVoiceByProperties setVoice = nullptr;  // optional: without it every language is read in one voice

    bool load(std::string& why) {
        for (const char* name : kLibraries)
            if ((handle = SDL_LoadObject(name))) break;
        if (!handle) {
            why = "no speech synthesiser: espeak-ng is not installed (Debian: apt install libespeak-ng1)";
            return false;
        }
        initialize = reinterpret_cast<EspeakInitialize>(SDL_LoadFunction(handle, "espeak_Initialize"));
        synth = reinterpret_cast<EspeakSynth>(SDL_LoadFunction(handle, "espeak_Synth"));
        cancel = reinterpret_cast<EspeakCancel>(SDL_LoadFunction(handle, "espeak_Cancel"));
        terminate = reinterpret_cast<EspeakTerminate>(SDL_LoadFunction(handle, "espeak_Terminate"));
        setVoice =
            reinterpret_cast<EspeakSetVoiceByProperties>(SDL_LoadFunction(handle, "espeak_SetVoiceByProperties"));
        if (initialize && synth && cancel && terminate) return true;
        why = "no speech synthesiser: the espeak-ng library found lacks its speech functions";
        unload();
        return false;
    }
    void unload() {
        if (handle) SDL_UnloadObject(handle);
        handle = nullptr;
    }
};

// espeak-ng reads on its own thread, but espeak_Cancel waits for that thread
// (some 12 ms measured): so cancelling and starting happen on a thread of
// ours, and the frame only leaves the newest request (a newer one replaces a
// request not yet taken).
class EspeakSpeech : public SpeechSink {
public:
    bool open(std::string& why) {
        if (!library_.load(why)) return false;
        if (library_.initialize(kPlayback, 0, nullptr, 0) < 0) {
            why = "no speech synthesiser: espeak-ng did not start (its voice data may be missing)";
            library_.unload();
            return false;
        }
        worker_ = std::thread([this] { run(); });
        return true;
    }
    ~EspeakSpeech() override {
        if (worker_.joinable()) {
            {
                std::lock_guard<std::mutex> lock(mutex_);
                quit_ = true;
            }
            wake_.notify_one();
            worker_.join();
        }
        if (!library_.handle) return;
        library_.cancel();
        library_.terminate();
        library_.unload();
    }
    void say(const std::string& text) override { post(text); }
    void stop() override { post(""); }
    void setLanguage(const std::string& code) override {
        std::lock_guard<std::mutex> lock(mutex_);
        language_ = code;
    }

private:
    void post(const std::string& text) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            pending_ = text;
            pendingLanguage_ = language_;
            hasPending_ = true;
        }
        wake_.notify_one();
    }
    // On the worker: espeak-ng finds a voice by language ("zh" is its "cmn");
    // one it lacks leaves the last voice, so it falls back to English.
    void useVoiceFor(const std::string& code) {
        if (code == voiceLanguage_ || !library_.setVoice) return;
        voiceLanguage_ = code;
        EspeakVoice wanted{};
        wanted.languages = code.c_str();
        if (library_.setVoice(&wanted) == 0) return;
        wanted.languages = "en";
        library_.setVoice(&wanted);
    }
    void run() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            wake_.wait(lock, [this] { return quit_ || hasPending_; });
            if (quit_) return;
            std::string text = std::move(pending_);
            std::string language = pendingLanguage_;
            hasPending_ = false;
            lock.unlock();
            library_.cancel();
            if (!text.empty()) useVoiceFor(language);
            if (!text.empty())
                library_.synth(text.c_str(), text.size() + 1, 0, kPositionCharacter, 0, kCharsUtf8, nullptr, nullptr);
            lock.lock();
        }
    }

    EspeakLibrary library_;
    std::thread worker_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::string pending_;
    std::string language_ = "en", pendingLanguage_ = "en";  // guarded by mutex_
    std::string voiceLanguage_;                             // the worker's own: the voice espeak-ng has
    bool hasPending_ = false, quit_ = false;
};

#endif

}  // namespace

bool systemSpeechAvailable(std::string& why) {
#if defined(_WIN32)
    why.clear();
    return true;  // SAPI ships with Windows; whether a voice starts is told when it is opened
#elif defined(__APPLE__)
    why = "no speech synthesiser in this build (macOS's system voice is not built yet)";
    return false;
#else
    EspeakLibrary probe;
    if (!probe.load(why)) return false;
    probe.unload();
    why.clear();
    return true;
#endif
}

std::unique_ptr<SpeechSink> openSystemSpeech(std::string& why) {
#if defined(_WIN32)
    auto speech = std::make_unique<SapiSpeech>();
#elif defined(__APPLE__)
    why = "no speech synthesiser in this build (macOS's system voice is not built yet)";
    return nullptr;
#else
    auto speech = std::make_unique<EspeakSpeech>();
#endif
#if !defined(__APPLE__)
    if (!speech->open(why)) return nullptr;
    return speech;
#endif
}

}  // namespace stagehand
