// What was drawn as text, and the signs drawn as shapes, kept only while a test
// asks (DrawnText::recordInto).
// The screens' tests hold each word to the rule of its look by what the word
// is (a speaker's name is yellow in high contrast, right-to-left text stands
// on the right), not by guessing from pixels which word a pixel belongs to.
// Play never records: a draw costs one test of a null pointer.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "render/Color.h"

namespace stagehand {

struct DrawnText {
    std::string text;               // as drawn: plain text, markup already read
    float x = 0, y = 0, width = 0;  // view units: the top left of the ink's box and its width
    Color color;                    // the text's own colour, without its shadow
    bool sign = false;              // a shape that tells something (the page marker, a facing, a bubble's tail)

    // Starts (a log) or stops (nullptr) recording every text draw into `log`.
    static void recordInto(std::vector<DrawnText>* log) { log_ = log; }
    static void record(DrawnText drawn) {
        if (log_) log_->push_back(std::move(drawn));
    }
    static bool recording() { return log_ != nullptr; }

private:
    static inline std::vector<DrawnText>* log_ = nullptr;
};

}  // namespace stagehand
