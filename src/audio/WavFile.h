// Writes 16-bit stereo frames at kSampleRate as a WAV file (--audio).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace stagehand {

bool writeWav(const std::string& path, const std::vector<std::int16_t>& samples, std::string& error);

}  // namespace stagehand
