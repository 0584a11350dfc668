// Picture files through SDL2_image: screenshots are compressed PNGs whose
// pixels read back exactly, pictures are found by name in any format the
// library reads, and failures name the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "platform/GameFiles.h"
#include "platform/Portable.h"
#include "render/ImageFiles.h"

using namespace stagehand;

namespace {

std::vector<std::uint8_t> patternPixels(int w, int h) {
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * h * 3);
    for (std::size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<std::uint8_t>((i / 3 % 97) * 2 + i % 3 * 40);
    return rgb;
}

std::filesystem::path freshFolder(const std::string& name) {
    auto folder = std::filesystem::path(test::writeScript(name + ".keep", "")).parent_path() / name;
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    return folder;
}

}  // namespace

TEST(ImageFiles, a_saved_png_reads_back_through_the_library_pixel_for_pixel) {
    const int w = 300, h = 250;
    auto rgb = patternPixels(w, h);
    auto path = freshFolder("png_roundtrip") / "shot.png";
    std::string error;
    ASSERT_TRUE(savePng(path, w, h, rgb, error)) << error;

    SurfacePtr back = loadRgbaImage(path, error);
    ASSERT_TRUE(back) << error;
    ASSERT_EQ(back->w, w);
    ASSERT_EQ(back->h, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const auto* got = static_cast<const std::uint8_t*>(back->pixels) + y * back->pitch + x * 4;
            const auto* want = &rgb[(static_cast<std::size_t>(y) * w + x) * 3];
            ASSERT_TRUE(got[0] == want[0] && got[1] == want[1] && got[2] == want[2] && got[3] == 255)
                << "pixel " << x << "," << y;
        }
}

TEST(ImageFiles, png_is_compressed) {
    // Flat colour, as most of a frame is: the deflate stream must shrink it.
    const int w = 640, h = 360;
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * h * 3, 40);
    auto path = freshFolder("png_size") / "flat.png";
    std::string error;
    ASSERT_TRUE(savePng(path, w, h, rgb, error)) << error;
    EXPECT_LT(std::filesystem::file_size(path), rgb.size() / 20);
}

TEST(ImageFiles, an_unwritable_path_is_an_error_naming_it) {
    std::string error;
    EXPECT_FALSE(savePng("/nonexistent-folder/shot.png", 2, 2, std::vector<std::uint8_t>(12), error));
    EXPECT_NE(error.find("cannot write /nonexistent-folder/shot.png"), std::string::npos) << error;
    EXPECT_FALSE(savePng("/tmp/short.png", 2, 2, std::vector<std::uint8_t>(5), error));
    EXPECT_NE(error.find("do not match 2x2"), std::string::npos) << error;
}

TEST(ImageFiles, pictures_are_found_by_name_in_every_format_png_first) {
    auto folder = freshFolder("picture_folder");
    std::string error;
    auto rgb = patternPixels(4, 4);
    ASSERT_TRUE(savePng(folder / "portrait.png", 4, 4, rgb, error)) << error;
    SurfacePtr bmp = loadRgbaImage(test::dataRoot() + "/assets/images/keeper.png", error);
    ASSERT_TRUE(bmp) << error;
    ASSERT_EQ(SDL_SaveBMP(bmp.get(), (folder / "keeper.bmp").string().c_str()), 0) << SDL_GetError();
    ASSERT_EQ(SDL_SaveBMP(bmp.get(), (folder / "portrait.bmp").string().c_str()), 0) << SDL_GetError();
    std::filesystem::copy_file(folder / "portrait.png", folder / "notes.txt");

    const FileIndex files(AssetKind::Images, {utf8Path(folder)});
    ASSERT_EQ(files.names(), (std::vector<std::string>{"keeper", "portrait"}));
    EXPECT_EQ(files.find("keeper")->filename(), "keeper.bmp");
    EXPECT_EQ(files.find("portrait")->filename(), "portrait.png");
    SurfacePtr png = loadRgbaImage(*files.find("portrait"), error);
    ASSERT_TRUE(png) << error;
    EXPECT_EQ(png->w, 4);
}

TEST(ImageFiles, a_damaged_picture_is_an_error_naming_the_file) {
    auto folder = freshFolder("damaged_picture");
    auto path = test::writeScript("damaged_picture/broken.png", "not a picture at all");
    std::string error;
    EXPECT_FALSE(loadRgbaImage(path, error));
    EXPECT_NE(error.find("cannot load image "), std::string::npos) << error;
    EXPECT_NE(error.find("damaged_picture/broken.png"), std::string::npos) << error;
}

// An icon (iconOf) over generated pictures of every shape, smaller and larger
// than the icon: the picture's box is centred with its shape kept, nothing of
// it is lost (the icon's opacity adds up to the box's area; its colour,
// weighted by opacity, averages the picture's, weighted by alpha), and
// outside the box the icon is clear. Then a saved icon reads back with its
// alpha.
TEST(ImageFiles, an_icon_keeps_the_whole_picture_in_its_shape_and_its_average_colour) {
    std::mt19937 random(60);
    for (int round = 0; round < 40; ++round) {
        const int w = 1 + static_cast<int>(random() % 300), h = 1 + static_cast<int>(random() % 300);
        const int size = std::vector<int>{16, 32, 48, 256}[random() % 4];
        SurfacePtr picture(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32));
        ASSERT_TRUE(picture);
        double want[3] = {0, 0, 0}, alphaSum = 0;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                auto* p =
                    static_cast<std::uint8_t*>(picture->pixels) + static_cast<std::size_t>(y) * picture->pitch + x * 4;
                for (int c = 0; c < 4; ++c) p[c] = static_cast<std::uint8_t>(random() % 256);
                if (round % 2) p[3] = 255;  // half the pictures opaque, half see-through
                for (int c = 0; c < 3; ++c) want[c] += p[3] * p[c];
                alphaSum += p[3];
            }
        SurfacePtr icon = iconOf(*picture, size);
        ASSERT_TRUE(icon);
        ASSERT_EQ(icon->w, size);
        ASSERT_EQ(icon->h, size);
        const double scale = static_cast<double>(size) / std::max(w, h);
        const double boxW = w * scale, boxH = h * scale, left = (size - boxW) / 2, top = (size - boxH) / 2;
        double got[3] = {0, 0, 0}, opacity = 0;
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x) {
                const auto* p =
                    static_cast<const std::uint8_t*>(icon->pixels) + static_cast<std::size_t>(y) * icon->pitch + x * 4;
                const bool outside = x + 1 <= left || x >= left + boxW || y + 1 <= top || y >= top + boxH;
                if (outside) {
                    EXPECT_EQ(p[3], 0) << w << "x" << h << " at " << size << ": (" << x << "," << y << ")";
                }
                for (int c = 0; c < 3; ++c) got[c] += p[3] * p[c];
                opacity += p[3];
            }
        const std::string shape = std::to_string(w) + "x" + std::to_string(h) + " at " + std::to_string(size);
        // Opacity: the picture's mean alpha over the box (each pixel rounded to 1/255).
        EXPECT_NEAR(opacity / 255, alphaSum / 255 / (w * h) * boxW * boxH, 0.5 + size * size / 255.0) << shape;
        for (int c = 0; c < 3; ++c) EXPECT_NEAR(got[c] / opacity, want[c] / alphaSum, 1.5) << shape << " channel " << c;
    }
    // Saved, it keeps its alpha: a corner clear, the middle opaque.
    SurfacePtr wide(SDL_CreateRGBSurfaceWithFormat(0, 64, 16, 32, SDL_PIXELFORMAT_RGBA32));
    ASSERT_TRUE(wide);
    SDL_FillRect(wide.get(), nullptr, SDL_MapRGBA(wide->format, 200, 40, 10, 255));
    SurfacePtr icon = iconOf(*wide, 32);
    auto path = freshFolder("icon") / "icon.png";
    std::string error;
    ASSERT_TRUE(saveRgbaPng(path, *icon, error)) << error;
    SurfacePtr back = loadRgbaImage(path, error);
    ASSERT_TRUE(back) << error;
    const auto* pixels = static_cast<const std::uint8_t*>(back->pixels);
    EXPECT_EQ(pixels[3], 0) << "a corner outside the picture's box";
    const std::uint8_t* middle = pixels + 16 * back->pitch + 16 * 4;
    EXPECT_EQ((std::vector<int>{middle[0], middle[1], middle[2], middle[3]}), (std::vector<int>{200, 40, 10, 255}));
}
