#pragma once

#include <string>
#include <string_view>

namespace stagehand::lang {

// The pseudo-language's text of `source`: every letter accented, about 40%
// longer, inside [ ] so a clipped end shows; markup tags ({w=0.5}, {color=..},
// a template's {name}) and `{{` escapes are kept as they are.
std::string pseudoText(std::string_view source);

}  // namespace stagehand::lang
