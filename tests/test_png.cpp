// The screenshot PNG writer: a file any decoder reads. This test decodes it
// with the PNG rules directly (chunk CRCs, zlib stored blocks, Adler-32) and
// compares the pixels.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "TestSupport.h"
#include "render/PngWriter.h"

using namespace stagehand;

namespace {

std::uint32_t readU32(const std::vector<std::uint8_t>& d, std::size_t at) {
    return static_cast<std::uint32_t>(d[at]) << 24 | d[at + 1] << 16 | d[at + 2] << 8 | d[at + 3];
}

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (std::size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int k = 0; k < 8; ++k) crc = (crc & 1) ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
    }
    return ~crc;
}

}  // namespace

TEST(PngWriter, writes_a_valid_png_whose_pixels_read_back) {
    const int w = 300, h = 250;  // more than one 64 KiB stored block
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * h * 3);
    for (std::size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<std::uint8_t>(i * 7 + i / 3);
    std::string path = test::writeScript("roundtrip.png", "");
    std::string error;
    ASSERT_TRUE(writePng(path, w, h, rgb, error)) << error;

    std::ifstream in(path, std::ios::binary);
    std::vector<std::uint8_t> d((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::uint8_t signature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    ASSERT_TRUE(std::equal(std::begin(signature), std::end(signature), d.begin()));

    std::vector<std::uint8_t> zlib;
    for (std::size_t at = 8; at < d.size();) {
        std::uint32_t length = readU32(d, at);
        std::string type(d.begin() + at + 4, d.begin() + at + 8);
        EXPECT_EQ(readU32(d, at + 8 + length), crc32(&d[at + 4], length + 4)) << type << " chunk CRC";
        if (type == "IHDR") {
            EXPECT_EQ(readU32(d, at + 8), static_cast<std::uint32_t>(w));
            EXPECT_EQ(readU32(d, at + 12), static_cast<std::uint32_t>(h));
            EXPECT_EQ(d[at + 16], 8);  // bit depth
            EXPECT_EQ(d[at + 17], 2);  // RGB
        }
        if (type == "IDAT") zlib.insert(zlib.end(), d.begin() + at + 8, d.begin() + at + 8 + length);
        at += 12 + length;
    }

    // zlib header, then stored blocks: [final flag][len][~len][bytes]...
    ASSERT_GE(zlib.size(), 6u);
    EXPECT_EQ((zlib[0] * 256 + zlib[1]) % 31, 0) << "zlib header check";
    std::vector<std::uint8_t> raw;
    std::size_t at = 2;
    for (bool last = false; !last;) {
        last = zlib[at] & 1;
        std::size_t len = zlib[at + 1] | zlib[at + 2] << 8;
        std::size_t nlen = zlib[at + 3] | zlib[at + 4] << 8;
        ASSERT_EQ(len ^ 0xFFFF, nlen);
        raw.insert(raw.end(), zlib.begin() + at + 5, zlib.begin() + at + 5 + len);
        at += 5 + len;
    }
    std::uint32_t a = 1, b = 0;
    for (std::uint8_t byte : raw) a = (a + byte) % 65521, b = (b + a) % 65521;
    EXPECT_EQ(readU32(zlib, at), (b << 16) | a) << "Adler-32";

    ASSERT_EQ(raw.size(), static_cast<std::size_t>(h) * (w * 3 + 1));
    for (int y = 0; y < h; ++y) {
        ASSERT_EQ(raw[y * (w * 3 + 1)], 0) << "filter byte of row " << y;
        ASSERT_TRUE(
            std::equal(rgb.begin() + y * w * 3, rgb.begin() + (y + 1) * w * 3, raw.begin() + y * (w * 3 + 1) + 1))
            << "pixels of row " << y;
    }
}

TEST(PngWriter, an_unwritable_path_is_an_error_naming_it) {
    std::string error;
    EXPECT_FALSE(writePng("/nonexistent-folder/shot.png", 2, 2, std::vector<std::uint8_t>(12), error));
    EXPECT_NE(error.find("cannot write /nonexistent-folder/shot.png"), std::string::npos) << error;
}
