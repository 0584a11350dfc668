// Self-voicing's voice: text read aloud by the system's speech synthesiser.
// On Linux espeak-ng, loaded at run time (a build or machine without it
// runs, and says so in one line); on Windows SAPI through COM; on macOS not
// built yet (it says so). Speaking never blocks the frame: the synthesiser
// reads on its own thread, and a new text cuts off the one being read.
#pragma once

#include <memory>
#include <string>

namespace stagehand {

// Where spoken text goes. The game speaks through this, so tests can put a
// recorder in place of the synthesiser (no sound card needed).
class SpeechSink {
public:
    virtual ~SpeechSink() = default;
    // Starts reading `text` aloud at once, cutting off whatever was being
    // read; returns without waiting for it.
    virtual void say(const std::string& text) = 0;
    // Silence: what is being read stops.
    virtual void stop() = 0;
    // The language what follows is in (a code such as "fr", "ja" or "pt-BR"):
    // its voice reads it. A language the synthesiser lacks (or "pseudo") is
    // read in English. Cheap when the language does not change.
    virtual void setLanguage(const std::string& code) { (void)code; }
};

// Whether this build on this machine has a synthesiser to speak with; when
// not, `why` is one line saying so (the self-voicing option is then hidden).
// Cheap: it loads the library, it does not start the synthesiser.
bool systemSpeechAvailable(std::string& why);

// The system's synthesiser, started; null (with `why`) when there is none or
// it does not start.
std::unique_ptr<SpeechSink> openSystemSpeech(std::string& why);

}  // namespace stagehand
