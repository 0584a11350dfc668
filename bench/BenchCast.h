// The benchmarks' crowd: actor i of a cast spread over the view, with a
// letter, a name and a colour that vary with i (engine_bench, frame_bench and
// bench/love/main.lua place the same actors).
#pragma once

#include <string>

#include "game/World.h"

namespace stagehand::bench {

// Actor i, placed in the band of the view from `top` down `height` units.
inline Actor castMember(int i, float top, int height) {
    Actor a;
    a.id = "a" + std::to_string(i);
    a.displayName = "Actor " + std::to_string(i);
    a.glyph = std::string(1, static_cast<char>('A' + i % 26));
    a.color = {static_cast<std::uint8_t>(120 + i * 37 % 120), static_cast<std::uint8_t>(120 + i * 53 % 120), 200, 255};
    a.position = {static_cast<float>(40 + (i * 97) % 1200), top + static_cast<float>((i * 61) % height)};
    return a;
}

}  // namespace stagehand::bench
