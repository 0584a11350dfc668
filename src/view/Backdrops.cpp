// The painted backdrops behind the cast: plain ground, the forest, the sea
// and the lamp room, each drifting with the camera for depth.
#include "view/WorldView.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "view/ViewStyle.h"

namespace stagehand {

using namespace palette;

namespace {
constexpr float kHorizon = 250;  // where sky meets ground with the camera at rest
}

void WorldView::drawBackdrop(const World& world) {
    // The horizon moves with the camera's height so walking scenes feel placed.
    // Zoomed in, the painting grows about the view's middle; zoomed out it
    // stays at its size (it fills the view, and stands for what is far away).
    const Camera& cam = world.camera();
    Vec2 camera = cam.viewCenter();
    float horizon = kHorizon - (camera.y - ViewLayout::kHeight / 2) * 0.3f;
    horizon = std::clamp(horizon, 40.0f, ViewLayout::kHeight - 40);
    const Scenery& scenery = world.scenery();
    const std::string &now = scenery.backdropPicture(), &before = scenery.backdropBefore();
    float p = scenery.transitionProgress();
    auto painted = [&] {
        batch_.setScale(std::max(1.0f, cam.zoom()), ViewLayout::kWidth / 2, ViewLayout::kHeight / 2);
        switch (scenery.backdrop()) {
            case Backdrop::Sea: drawSea(camera, horizon); break;
            case Backdrop::LampRoom: drawLampRoom(camera, horizon); break;
            case Backdrop::Forest: drawForest(camera, horizon); break;
            case Backdrop::Plain: drawPlain(camera, horizon); break;
        }
        batch_.resetScale();
    };
    auto picture = [&](const std::string& name, float opacity, float dx) {
        return drawBackdropLayers(name, scenery.imageNames(), opacity, dx, camera, cam.zoom());
    };
    // One backdrop: its picture, or (when it has none or it does not load) the painted one, which
    // cannot be made see-through or moved: it stands behind whatever goes over it.
    auto layer = [&](const std::string& name, float opacity, float dx) {
        if (!picture(name, opacity, dx) && opacity >= 1) painted();
    };
    switch (scenery.transition()) {
        case Transition::Cut: layer(now, 1, 0); break;
        case Transition::Dissolve:  // the new one shows through the old
            if (const auto layers = backdropLayers(now, scenery.imageNames());
                !layers.empty() && images_.get(layers.front().picture)) {
                layer(before, 1, 0);
                picture(now, p, 0);
            } else {
                painted();
                picture(before, 1 - p, 0);
            }
            break;
        case Transition::Fade:  // the old one to black, then the new one from black
            layer(p < 0.5f ? before : now, 1, 0);
            batch_.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, withAlpha(kFadeBlack, 1 - std::abs(2 * p - 1)));
            break;
        case Transition::Slide:  // the new one pushes the old one out to the left
            if (now.empty() || before.empty()) painted();
            picture(before, 1, -p * ViewLayout::kWidth);
            picture(now, 1, (1 - p) * ViewLayout::kWidth);
            break;
    }
}

// A backdrop of layers (a folder of pictures: backdropLayers) draws each as a
// picture backdrop of its own, farthest first, through a camera that has gone
// `depth` times as far from rest (and zoomed `depth` times as much): a far sky
// barely moves, the ground moves with the cast. A one-picture backdrop is one
// layer at depth 1. False when its farthest picture does not load.
//
// The frame is fill-bound on a software rasteriser, and a layered backdrop is
// most of its pixels: a layer skips the rows a nearer layer's opaque band
// hides (the forest's sky and woods under its clearing's ground), and an
// opaque band is drawn without blending. Neither changes a pixel drawn.
bool WorldView::drawBackdropLayers(const std::string& name, const std::vector<std::string>& pictures, float opacity,
                                   float dx, Vec2 camera, float zoom) {
    if (name.empty()) return false;
    if (name != layersOf_ || pictures.size() != layersPictureCount_) {
        layers_ = backdropLayers(name, pictures);
        layersOf_ = name;
        layersPictureCount_ = pictures.size();
    }
    const Vec2 rest{ViewLayout::kWidth / 2, ViewLayout::kHeight / 2};
    std::vector<PlacedPicture> placed;
    for (std::size_t i = 0; i < layers_.size(); ++i) {
        const float depth = layers_[i].depth;
        const Vec2 seen{rest.x + (camera.x - rest.x) * depth, rest.y + (camera.y - rest.y) * depth};
        const float seenZoom = std::max(0.05f, 1 + (zoom - 1) * depth);
        const Image* image = images_.get(layers_[i].picture);
        if (!image || image->width <= 0 || image->height <= 0) {
            if (i == 0) return false;
            continue;
        }
        placed.push_back(placeBackdropPicture(*image, dx, seen, seenZoom));
    }
    // Only a layer at full strength hides what is beneath it (a slide moves every layer alike).
    const bool hides = opacity >= 1;
    RowSpans hidden;  // the view rows the layers nearer than the one being drawn hide
    std::vector<RowSpans> shown(placed.size());
    for (std::size_t i = placed.size(); i-- > 0;) {
        shown[i] = rowsLeft(placed[i].y0, placed[i].y1, hidden);
        if (hides && placed[i].opaqueRows.second > placed[i].opaqueRows.first) hidden.push_back(placed[i].opaqueRows);
    }
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const auto [opaqueTop, opaqueBottom] = hides ? placed[i].opaqueRows : std::pair<float, float>{0, 0};
        for (const auto& [top, bottom] : shown[i]) {
            // Above, within and below its own opaque band: the band needs no blending.
            const float bandTop = std::clamp(opaqueTop, top, bottom),
                        bandBottom = std::clamp(opaqueBottom, bandTop, bottom);
            drawPlacedRows(placed[i], top, bandTop, opacity);
            batch_.setBlending(false);
            drawPlacedRows(placed[i], bandTop, bandBottom, opacity);
            batch_.setBlending(true);
            drawPlacedRows(placed[i], bandBottom, bottom, opacity);
        }
    }
    return !placed.empty();
}

// What is left of the view rows [top, bottom) once the spans in `hidden` are taken out, top to bottom.
WorldView::RowSpans WorldView::rowsLeft(float top, float bottom, const RowSpans& hidden) {
    RowSpans left;
    if (bottom > top) left.emplace_back(top, bottom);
    for (const auto& [hideTop, hideBottom] : hidden) {
        RowSpans next;
        for (const auto& [y0, y1] : left) {
            if (hideTop > y0) next.emplace_back(y0, std::min(y1, hideTop));
            if (hideBottom < y1) next.emplace_back(std::max(y0, hideBottom), y1);
        }
        left.clear();
        for (const auto& span : next)
            if (span.second > span.first) left.push_back(span);
    }
    return left;
}

// A picture backdrop (backdrop(name)) stands in the world: with the camera at
// rest (its centre the view's middle, zoom 1) it covers the view whatever its
// shape (scaled to fill it, centred, cropped at the sides or top and bottom),
// and it moves, zooms and shakes with the camera as the cast does, so people
// stay where they stand on it. Past its edges it goes on mirrored (the
// texture's wrap), so a camera move never shows the void behind it. A slide
// moves it `dx` across the view and places it only on its side of the seam.
WorldView::PlacedPicture WorldView::placeBackdropPicture(const Image& image, float dx, Vec2 camera, float zoom) {
    const float viewW = ViewLayout::kWidth, viewH = ViewLayout::kHeight;
    float scale = std::max(viewW / static_cast<float>(image.width), viewH / static_cast<float>(image.height));
    float w = image.width * scale, h = image.height * scale;
    PlacedPicture placed;
    placed.image = &image;
    // Its place in the world (the view's own units at rest), then through the camera, as toView does.
    placed.left = ((viewW - w) / 2 - camera.x) * zoom + viewW / 2 + dx;
    placed.top = ((viewH - h) / 2 - camera.y) * zoom + viewH / 2;
    placed.shownW = w * zoom, placed.shownH = h * zoom;
    // What of the view it covers: all of it, or its side of a slide's seam.
    placed.x0 = std::max(0.0f, dx), placed.x1 = std::min(viewW, viewW + dx);
    placed.y0 = 0, placed.y1 = viewH;
    if (placed.x1 <= placed.x0) {
        placed.y1 = 0;
        return placed;
    }
    const float pictureTop = placed.top, pictureBottom = placed.top + placed.shownH;
    auto rowOf = [&](int texelRow) { return pictureTop + static_cast<float>(texelRow) / image.height * placed.shownH; };
    // Within the picture's height (no mirror image above or below), only the rows that show: a layer's clear
    // sky above its hills costs pixels and colours none.
    if (pictureTop <= 0 && pictureBottom >= viewH) {
        placed.y0 = std::max(placed.y0, rowOf(image.shownY0));
        placed.y1 = std::min(placed.y1, rowOf(image.shownY1));
    }
    // The rows it hides whatever is beneath: all it covers when it is opaque throughout (its mirror images
    // too), else its opaque band.
    if (image.opaque) {
        placed.opaqueRows = {placed.y0, placed.y1};
    } else if (image.opaqueY1 > image.opaqueY0) {
        placed.opaqueRows = {std::max(placed.y0, rowOf(image.opaqueY0)), std::min(placed.y1, rowOf(image.opaqueY1))};
    }
    return placed;
}

// The view rows [top, bottom) of a placed picture, across the width it covers.
void WorldView::drawPlacedRows(const PlacedPicture& placed, float top, float bottom, float opacity) {
    if (bottom <= top) return;
    TextureRegion uv{(placed.x0 - placed.left) / placed.shownW, (top - placed.top) / placed.shownH,
                     (placed.x1 - placed.left) / placed.shownW, (bottom - placed.top) / placed.shownH};
    batch_.setTexture(placed.image->texture, false);
    batch_.quad(placed.x0, top, placed.x1 - placed.x0, bottom - top, uv, withAlpha(kUntinted, opacity));
}

// The backdrop's large fills are opaque: drawn without blending or a texture
// read, they cost a software rasteriser (llvmpipe) far less per pixel, and
// they cover most of the screen (bench/RESULTS.md, "Frames against LÖVE").
void WorldView::opaqueGradient(float x, float y, float w, float h, Color top, Color bottom) {
    batch_.setOpaque(true);
    batch_.gradientRect(x, y, w, h, top, bottom);
    batch_.setOpaque(false);
}

void WorldView::drawMoon(Vec2 camera, Color glow) {
    Font disc = fontFor(fonts::kDisc);
    float x = 1040 - camera.x * 0.05f;
    glyphQuad(disc, U'\u25CF', x, 90, 150, 150, glow);
    glyphQuad(disc, U'\u25CF', x, 90, 70, 70, kMoon);
}

// Grass blades or deck planks: thin strokes in a fixed scatter that scrolls with the ground.
void WorldView::drawGroundMarks(Vec2 camera, float top, Color colour) {
    float shift = std::fmod(camera.x, 160.0f);
    for (int row = 0; row < 5; ++row) {
        float y = top + 30 + row * (ViewLayout::kHeight - top) / 5;
        for (float x = -shift + (row % 2) * 80; x < ViewLayout::kWidth + 80; x += 160) {
            batch_.rect(x, y, 2, 8, colour);
            batch_.rect(x + 5, y - 4, 2, 12, colour);
            batch_.rect(x + 10, y, 2, 8, colour);
        }
    }
}

// A map that names no backdrop: open ground under a night sky.
void WorldView::drawPlain(Vec2 camera, float horizon) {
    opaqueGradient(0, 0, ViewLayout::kWidth, horizon, kSkyTop, kSkyBottom);
    opaqueGradient(0, horizon, ViewLayout::kWidth, ViewLayout::kHeight - horizon, kGroundTop, kGroundBottom);
    drawMoon(camera, kMoonGlow);
    drawGroundMarks(camera, horizon, kGrass);
}

void WorldView::drawForest(Vec2 camera, float horizon) {
    opaqueGradient(0, 0, ViewLayout::kWidth, horizon, kSkyTop, kSkyBottom);
    opaqueGradient(0, horizon, ViewLayout::kWidth, ViewLayout::kHeight - horizon, kGroundTop, kGroundBottom);
    drawMoon(camera, kMoonGlow);
    // A treeline drifting slower than the ground when the camera moves reads as depth.
    Font tree = fontFor(fonts::kTree);
    float treeShift = std::fmod(camera.x * 0.5f, 90.0f);
    for (int i = -1; i < 16; ++i) {
        float height = 46 + 22 * static_cast<float>((i * 7 + 3) % 5);
        float x = i * 90 - treeShift + 20 * static_cast<float>((i * 3) % 4);
        glyphQuad(tree, U'\u25B2', x, horizon - height / 2 + 4, height * 0.75f, height, kTree);
    }
    drawGroundMarks(camera, horizon, kGrass);
}

void WorldView::drawSea(Vec2 camera, float horizon) {
    const float shore = horizon + 110;  // where the water meets the deck
    opaqueGradient(0, 0, ViewLayout::kWidth, horizon, kSeaSkyTop, kSeaSkyBottom);
    drawMoon(camera, kMoonGlowOverWater);
    opaqueGradient(0, horizon, ViewLayout::kWidth, shore - horizon, kWaterTop, kWaterBottom);
    // Waves, and the moon's path on the water.
    float shift = std::fmod(camera.x * 0.7f, 120.0f);
    for (int row = 0; row < 5; ++row) {
        float y = horizon + 12 + row * 20;
        Color wave = kWave;  // fainter far out, stronger near the shore
        wave.a = static_cast<std::uint8_t>(kWave.a + row * 12);
        for (float x = -shift + (row % 2) * 60; x < ViewLayout::kWidth; x += 120)
            batch_.rect(x, y, 34 + row * 6, 2, wave);
    }
    float moonX = 1040 - camera.x * 0.05f;
    for (int row = 0; row < 6; ++row)
        batch_.rect(moonX - 30 + (row % 2) * 14, horizon + 8 + row * 17, 46 - row * 4, 3, kMoonPath);
    // The deck: planks and a row of posts along the edge.
    opaqueGradient(0, shore, ViewLayout::kWidth, ViewLayout::kHeight - shore, kDeckTop, kDeckBottom);
    for (float y = shore + 26; y < ViewLayout::kHeight; y += 30) batch_.rect(0, y, ViewLayout::kWidth, 2, kDeckSeam);
    float postShift = std::fmod(camera.x, 140.0f);
    for (float x = -postShift; x < ViewLayout::kWidth + 20; x += 140) {
        batch_.rect(x, shore - 22, 14, 30, kBollard);
        batch_.rect(x, shore - 22, 14, 4, kBollardCap);
    }
}

void WorldView::drawLampRoom(Vec2 camera, float horizon) {
    const float floor = horizon + 30;
    opaqueGradient(0, 0, ViewLayout::kWidth, floor, kWallTop, kWallBottom);
    // A round window onto the night sea, and the great lamp with its glow.
    Font disc = fontFor(fonts::kDisc);
    float wx = 200 - camera.x * 0.1f;
    glyphQuad(disc, U'\u25CF', wx, 130, 150, 150, kWindowFrame);
    glyphQuad(disc, U'\u25CF', wx, 130, 128, 128, kNightGlass);
    for (int i = 0; i < 7; ++i) batch_.rect(wx - 40 + (i * 37) % 80, 100 + (i * 23) % 60, 2, 2, kStar);
    batch_.rect(wx - 64, 128, 128, 4, kWindowFrame);
    float lx = 860 - camera.x * 0.1f;
    glyphQuad(disc, U'\u25CF', lx, 120, 360, 300, kLampHalo);
    glyphQuad(disc, U'\u25CF', lx, 120, 200, 170, kLampGlow);
    batch_.rect(lx - 42, 150, 84, 60, kLampBody);
    glyphQuad(disc, U'\u25CF', lx, 118, 96, 96, kLampFlame);
    batch_.rect(lx - 50, 204, 100, 8, kLampShelf);
    // Floorboards.
    opaqueGradient(0, floor, ViewLayout::kWidth, ViewLayout::kHeight - floor, kFloorTop, kFloorBottom);
    for (float y = floor + 24; y < ViewLayout::kHeight; y += 34) batch_.rect(0, y, ViewLayout::kWidth, 2, kFloorSeam);
}

}  // namespace stagehand
