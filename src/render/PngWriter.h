// Writes RGB pixels as a PNG file with no dependency beyond the standard
// library: zlib "stored" blocks (no compression), CRC-32 and Adler-32.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace stagehand {

// `rgb` is width*height*3 bytes, rows top to bottom. Returns false with `error`.
bool writePng(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb, std::string& error);

}  // namespace stagehand
