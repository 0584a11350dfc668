// UTF-8 helpers for text that scripts hand to the engine.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace stagehand::utf8 {

// Decodes the code point at `offset` and advances it. Malformed bytes decode
// as U+FFFD and advance by one, so bad input never stalls a loop.
char32_t next(std::string_view text, std::size_t& offset);

// Number of code points in text.
std::size_t length(std::string_view text);

// Byte offset of code point `count` (or text.size() if there are fewer).
std::size_t offsetOf(std::string_view text, std::size_t count);

}  // namespace stagehand::utf8
