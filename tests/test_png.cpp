// Picture files through SDL2_image: screenshots are compressed PNGs whose
// pixels read back exactly, pictures are found by name in any format the
// library reads, and failures name the file.
#include <gtest/gtest.h>

#include <filesystem>

#include "TestSupport.h"
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

    auto files = imageFilesIn(folder);
    ASSERT_EQ(files.size(), 2u);
    EXPECT_EQ(files.at("keeper").filename(), "keeper.bmp");
    EXPECT_EQ(files.at("portrait").filename(), "portrait.png");
    SurfacePtr png = loadRgbaImage(files.at("portrait"), error);
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
