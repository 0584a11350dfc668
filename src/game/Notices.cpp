#include "game/Notices.h"

#include <algorithm>

namespace stagehand {

void Notices::reportError(const std::string& message, const std::string& where) {
    showError(message);
    chronicle_.record(chronicle_.event("error").with("message", message).with("where", where));
}

void Notices::showProblem(const std::string& message, Severity severity) {
    if (severity == Severity::Error) lastError_ = message;
    auto same = std::find_if(problems_.begin(), problems_.end(), [&](const Problem& p) { return p.text == message; });
    if (same != problems_.end()) problems_.erase(same);
    if (problems_.size() >= kProblemsKept) problems_.erase(problems_.begin());
    problems_.push_back({message, severity});
}

void Notices::advance(float dt) {
    noticeSecondsLeft_ = std::max(0.0f, noticeSecondsLeft_ - dt);
}

}  // namespace stagehand
