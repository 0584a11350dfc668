// What the host (not the script) tells the player over the scene: the
// problems of a run (errors and warnings) and short notices such as
// "reloaded". What frames the cast is Scenery.h. Knows nothing of Lua or drawing.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "game/Chronicle.h"

namespace stagehand {

class Notices {
public:
    explicit Notices(Chronicle& chronicle) : chronicle_(chronicle) {}

    // A problem at play time stays on screen until the player dismisses it
    // (Backspace) or a reload builds a world without it: never on the scene's
    // clock, which a reload's fast-forward or a long wait runs past (issue 59).
    // An error is what stops something (a script error, a file that does not
    // load); a warning what may (a possible hang). The same text twice is one
    // problem, moved to the front.
    enum class Severity { Error, Warning };
    struct Problem {
        std::string text;
        Severity severity = Severity::Error;
    };
    static constexpr std::size_t kProblemsKept = 32;  // the oldest go first: a flood cannot grow the window
    // A script error: shown on screen and recorded with where it happened.
    void reportError(const std::string& message, const std::string& where);
    // Shows a problem without a transcript event (the caller records its own,
    // such as "stuck").
    void showError(const std::string& message) { showProblem(message, Severity::Error); }
    void showWarning(const std::string& message) { showProblem(message, Severity::Warning); }
    void dismissProblems() { problems_.clear(); }
    // Newest last.
    const std::vector<Problem>& problems() const { return problems_; }
    bool problemShown() const { return !problems_.empty(); }
    // The last error shown, dismissed or not (the inspector, the tests).
    const std::string& lastError() const { return lastError_; }
    // The last script error with its traceback in the scene's frames (the inspector shows it).
    void setErrorTraceback(std::string text) { errorTraceback_ = std::move(text); }
    const std::string& errorTraceback() const { return errorTraceback_; }

    // A short notice from the host, e.g. "reloaded": on screen for 2.5 s of the world's time.
    void showNotice(const std::string& text) { notice_ = text, noticeSecondsLeft_ = 2.5f; }
    const std::string& notice() const { return notice_; }
    float noticeSecondsLeft() const { return noticeSecondsLeft_; }

    // Only the notice ages; problems and notices outlive a chapter's start (World::beginChapter).
    void advance(float dt);

private:
    void showProblem(const std::string& message, Severity severity);

    Chronicle& chronicle_;
    std::vector<Problem> problems_;
    std::string lastError_;
    std::string errorTraceback_;
    std::string notice_;
    float noticeSecondsLeft_ = 0;
};

}  // namespace stagehand
