#include "game/SpriteFrames.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace stagehand {

namespace {
constexpr float kBlinkEvery = 4.2f;  // seconds between blinks; each actor at its own phase

// "ada/happy_talk_3" -> key "happy_talk", number 3; false when the name is no frame.
bool splitFrame(const std::string& name, std::string& key, int& number) {
    const auto underscore = name.rfind('_');
    if (underscore == std::string::npos || underscore + 1 >= name.size()) return false;
    const std::string digits = name.substr(underscore + 1);
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 4) return false;
    number = std::atoi(digits.c_str());
    key = name.substr(0, underscore);
    if (number < 1) return false;
    static const std::string kForms[] = {"talk", "blink", "idle", "walk_left", "walk_right", "walk_up", "walk_down"};
    for (const auto& form : kForms) {
        if (key == form) return true;
        if (key.size() > form.size() + 1 && key.compare(key.size() - form.size(), form.size(), form) == 0 &&
            key[key.size() - form.size() - 1] == '_')
            return true;  // an expression's own: happy_talk
    }
    return false;
}

std::uint32_t phaseOf(const std::string& id) {
    std::uint32_t hash = 2166136261u;
    for (unsigned char c : id) hash = (hash ^ c) * 16777619u;
    return hash;
}
}  // namespace

std::vector<std::string> spriteAnimationNames() {
    return {"talk", "blink", "idle", "walk"};
}

float frameRate(const std::string& animation) {
    if (animation == "blink") return 12;
    if (animation == "idle") return 4;
    return 8;  // talk, walk
}

const std::vector<std::string>* SpriteSheet::find(const std::string& key) const {
    auto it = frames.find(key);
    return it == frames.end() ? nullptr : &it->second;
}

bool isAnimationFrame(const std::string& picture) {
    const auto slash = picture.rfind('/');
    std::string key;
    int number = 0;
    return splitFrame(slash == std::string::npos ? picture : picture.substr(slash + 1), key, number);
}

SpriteSheet spriteSheet(const std::string& sprite, const std::vector<std::string>& pictures) {
    std::map<std::string, std::map<int, std::string>> numbered;
    const std::string folder = sprite + "/";
    for (const auto& picture : pictures) {
        if (picture.size() <= folder.size() || picture.compare(0, folder.size(), folder) != 0) continue;
        std::string key;
        int number = 0;
        if (splitFrame(picture.substr(folder.size()), key, number)) numbered[key][number] = picture;
    }
    SpriteSheet sheet;
    for (const auto& [key, frames] : numbered) {
        std::vector<std::string> run;
        for (int n = 1; frames.count(n); ++n) run.push_back(frames.at(n));
        if (!run.empty()) sheet.frames[key] = std::move(run);
    }
    return sheet;
}

float FrameRates::of(const std::string& sprite, const std::string& animation) const {
    auto it = bySpriteAndAnimation.find(sprite + "/" + animation);
    return it == bySpriteAndAnimation.end() ? frameRate(animation) : it->second;
}

SpriteFrame spriteFrame(const Actor& actor, const std::string& still, const SpriteSheet& sheet, double time,
                        bool talking, const FrameRates& rates) {
    const std::string expression = actor.expression.empty() ? "neutral" : actor.expression;
    auto framesOf = [&](const std::string& animation) {
        const auto* own = sheet.find(expression + "_" + animation);
        return own ? own : sheet.find(animation);
    };
    auto at = [&](const std::string& animation, double t, std::size_t count) {
        return static_cast<std::size_t>(std::floor(std::max(0.0, t) * rates.of(actor.sprite, animation))) % count;
    };
    if (actor.walking || actor.stepping) {
        static const char* const kFacings[] = {"down", "up", "left", "right"};
        const std::string facing = kFacings[static_cast<int>(actor.facing)];
        const bool sideways = actor.facing == Facing::Left || actor.facing == Facing::Right;
        const std::string other = actor.facing == Facing::Left ? "right" : "left";
        bool mirrored = false;
        const auto* frames = framesOf("walk_" + facing);
        if (!frames && sideways) frames = framesOf("walk_" + other), mirrored = frames != nullptr;
        if (frames) return {(*frames)[at("walk", time, frames->size())], mirrored};
        return {still, false};
    }
    if (talking) {
        if (const auto* frames = framesOf("talk")) {
            const std::size_t i = at("talk", time, frames->size() + 1);  // the still closes the mouth between
            return {i == 0 ? still : (*frames)[i - 1], false};
        }
        return {still, false};
    }
    if (const auto* frames = framesOf("blink")) {
        const double offset = (phaseOf(actor.id) % 1000) / 1000.0 * kBlinkEvery;
        const double into = std::fmod(time + offset, static_cast<double>(kBlinkEvery));
        const double length = frames->size() / rates.of(actor.sprite, "blink");
        if (into < length) return {(*frames)[at("blink", into, frames->size())], false};
    }
    if (const auto* frames = framesOf("idle")) return {(*frames)[at("idle", time, frames->size())], false};
    return {still, false};
}

}  // namespace stagehand
