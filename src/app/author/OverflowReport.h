// stagehand --overflow-report CODE [--script PATH] [--size WxH]: every line the
// script writes, in language CODE (its table's text where it has one, else the
// source; pseudo generated), laid out in the box it is shown in by the view's
// own layout (WorldView::overflowOf: the dialogue box, a bubble, a menu
// option, the banner), without playing. Prints one line per line that does
// not fit: "TABLE:LINE: ID (SCRIPT:LINE): <place>: <why>" (the script's
// file:line alone when the text is the source's or generated), then a count.
// Exit status: 0 every line fits, 1 some overflow, 2 bad usage (an unknown
// language) or a script that does not load. A line() template's values are
// unknown without playing: each {name} is measured as its name.
#pragma once

#include "app/run/RunSetup.h"

namespace stagehand {

int runOverflowReport(const Setup& setup);

}  // namespace stagehand
