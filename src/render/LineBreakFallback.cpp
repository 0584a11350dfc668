// Where a line may start when the build has no libunibreak: our hand-written
// rules from before text layout moved to libunibreak, kept because the
// Windows cross-build (tools/check-windows.sh) builds its libraries from
// Debian's source packages and libunibreak's cannot be fetched there. Without
// STAGEHAND_HAVE_LIBUNIBREAK (STAGEHAND_USE_LIBUNIBREAK=OFF, or libunibreak
// not found outside CI) unicodeLineStarts is this file's, in place of
// TextShaper.cpp's. UAX #14 in small: after spaces, between CJK characters,
// after a hyphen inside a word; never before a space, a mark or a zero width
// joiner. Kinsoku is lineStarts()'s, as with libunibreak. Compiled in every
// build, so tests/test_unicode_conformance.cpp holds its agreement with
// LineBreakTest.txt wherever the tests run.
#include "render/TextShaper.h"

#include <hb.h>

namespace stagehand::shaping {

namespace {

bool isMark(char32_t cp) {
    auto cat = hb_unicode_general_category(hb_unicode_funcs_get_default(), cp);
    return cat == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || cat == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK ||
           cat == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK;
}

}  // namespace

std::vector<bool> fallbackLineStarts(const std::u32string& text) {
    std::vector<bool> may(text.size(), false);
    for (std::size_t i = 1; i < text.size(); ++i) {
        char32_t before = text[i - 1], here = text[i];
        if (here == U' ' || isMark(here) || here == 0x200D) continue;
        if (before == U' ' || before == 0x3000) {
            may[i] = true;
        } else if (isCjk(before) || isCjk(here)) {
            may[i] = true;
        } else if (before == U'-' && i >= 2 && text[i - 2] != U' ') {  // after a hyphen inside a word
            may[i] = true;
        }
    }
    return may;
}

#ifndef STAGEHAND_HAVE_LIBUNIBREAK
std::vector<bool> unicodeLineStarts(const std::u32string& text) {
    return fallbackLineStarts(text);
}
#endif

}  // namespace stagehand::shaping
