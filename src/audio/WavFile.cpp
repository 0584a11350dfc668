#include "audio/WavFile.h"

#include <fstream>

#include "audio/AudioCue.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {
// WAV is little-endian whatever the machine is.
void put(std::string& out, std::uint32_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((value >> (8 * i)) & 0xFF);
}
}  // namespace

bool writeWav(const std::string& path, const std::vector<std::int16_t>& samples, std::string& error) {
    auto dataBytes = static_cast<std::uint32_t>(samples.size() * 2);
    std::string bytes = "RIFF";
    put(bytes, 36 + dataBytes, 4);
    bytes += "WAVEfmt ";
    put(bytes, 16, 4);
    put(bytes, 1, 2);  // PCM
    put(bytes, kChannels, 2);
    put(bytes, kSampleRate, 4);
    put(bytes, kSampleRate * kChannels * 2, 4);
    put(bytes, kChannels * 2, 2);
    put(bytes, 16, 2);
    bytes += "data";
    put(bytes, dataBytes, 4);
    bytes.reserve(bytes.size() + dataBytes);
    for (std::int16_t s : samples) put(bytes, static_cast<std::uint16_t>(s), 2);
    std::ofstream out(pathFromUtf8(path), std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out.flush()) {
        error = "cannot write " + path;
        return false;
    }
    return true;
}

}  // namespace stagehand
