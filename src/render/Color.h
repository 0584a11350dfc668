// An 8-bit RGBA colour, as vertices and the world's actors carry it.
#pragma once

#include <cstdint>

namespace stagehand {

struct Color {
    std::uint8_t r = 255, g = 255, b = 255, a = 255;
};

}  // namespace stagehand
