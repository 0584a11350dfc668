// Sprites that move: the frames a sprite's folder holds for each animation
// (talk, blink, idle, walk by facing) and the frame an actor shows at a time.
// Knows nothing of drawing: the view asks which picture, and draws it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "game/Cast.h"

namespace stagehand {

// The animations a sprite may have, each a run of numbered frames in its
// folder: ada/talk_1.png, ada/talk_2.png... or, for one expression only,
// ada/happy_talk_1.png. Walks are by facing; walk_left, when missing, is
// walk_right mirrored (and the other way round).
std::vector<std::string> spriteAnimationNames();  // talk, blink, idle, walk
// Frames per second of each animation when the game sets none: talk and walk 8, blink 12, idle 4.
float frameRate(const std::string& animation);

// A sprite folder's frames by animation key ("talk", "happy_talk",
// "walk_right"), each in frame order; a gap in the numbers ends the run.
struct SpriteSheet {
    std::map<std::string, std::vector<std::string>> frames;
    const std::vector<std::string>* find(const std::string& key) const;
};
SpriteSheet spriteSheet(const std::string& sprite, const std::vector<std::string>& pictures);
// Whether a picture name is an animation's frame (SPRITE/[EXPRESSION_]ANIMATION_N), not an expression.
bool isAnimationFrame(const std::string& picture);

// What an actor's body shows at `time` (seconds of the world's clock): a walk
// frame while it walks or the player moves it, a talk frame while its line
// types (`talking`), a blink now and then, its idle frames, else `still`.
struct SpriteFrame {
    std::string picture;
    bool mirrored = false;  // walking left on walk_right's frames
};
SpriteFrame spriteFrame(const Actor& actor, const std::string& still, const SpriteSheet& sheet, double time,
                        bool talking, const FrameRates& rates = {});

}  // namespace stagehand
