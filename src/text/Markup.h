// Inline markup in the text an author writes ("It was {color=#f00}red{/color}.
// {w=0.5}Then {wave}nothing{/wave}."): parsed once into the plain text a
// player reads, a style for each of its characters, and the cues the
// typewriter meets on its way (pauses, speed, signals, faces, sounds). Ren'Py's
// tag syntax where Ren'Py has the tag. Knows nothing of Lua, drawing or the
// world: the story types it, text/RichText lays it out, render/ draws glyphs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace stagehand::text {

// How a run of characters looks. Size is a function of the box's own size
// (base): a * base + c, so {size=+4} inside {size=*1.5} nests as it reads.
struct TextStyle {
    std::uint32_t rgb = 0;  // 0xRRGGBB when hasColor
    bool hasColor = false;
    bool bold = false;
    bool italic = false;
    bool wave = false;
    bool shake = false;
    float sizeA = 1, sizeC = 0;
    bool operator==(const TextStyle& o) const {
        return rgb == o.rgb && hasColor == o.hasColor && bold == o.bold && italic == o.italic && wave == o.wave &&
               shake == o.shake && sizeA == o.sizeA && sizeC == o.sizeC;
    }
    bool moves() const { return wave || shake; }
    // The size in view units for a box whose text is `base` units.
    float sizeFor(float base) const;
};

// What the typewriter meets before the character at `at` (0-based code point
// index into plain; `at` == length: after the last one).
enum class CueKind {
    Pause,          // {w=S}: value = seconds
    WaitForPlayer,  // {w}
    Speed,          // {speed=F}: value = multiplier of the player's speed
    SpeedEnd,       // {/speed}
    Cps,            // {cps=N}: value = characters per second
    CpsEnd,         // {/cps}
    InstantStart,   // {instant}: the part appears at once
    InstantEnd,     // {/instant}
    Signal,         // {signal=NAME}: the scheduler's signal(NAME)
    Face,           // {face=NAME}: the speaker's expression
    Sound,          // {sound=NAME}: playSound(NAME)
};

struct TextCue {
    std::size_t at = 0;
    CueKind kind = CueKind::Pause;
    double value = 0;
    std::string name;  // signal, face or sound name
    // The tag as written, for the transcript: "w", "signal"...
    const char* tag() const;
};

struct MarkedText {
    std::string source;                  // as the author wrote it
    std::string plain;                   // what the player reads: tags removed, "{{" as "{"
    std::size_t length = 0;              // code points of plain
    std::vector<TextStyle> styles;       // distinct styles; styles[0] is the plain style
    std::vector<std::uint16_t> styleOf;  // per code point of plain: an index into styles
    std::vector<TextCue> cues;           // in the order written (so by `at`)
    std::string lineId;                  // {#ID}, or empty
    bool styled() const { return styles.size() > 1; }
    bool moves() const;  // any character waves or shakes
};

// Where a text may carry which tags: the story's lines and pages take every
// tag; a bubble, an option or a banner appears at once, so it takes no
// timing and no events (only how it looks, and its id).
enum class MarkupPlace { Typed, Shown };

// Parses `source`. Returns null and sets `error` (one sentence naming the
// tag, and the known tags) when the markup is wrong.
std::shared_ptr<const MarkedText> parseMarkup(std::string_view source, MarkupPlace place, std::string& error);

// `source` as plain text with no markup (a brace is a brace): for text that
// does not come from an author's script.
std::shared_ptr<const MarkedText> plainText(std::string_view source);

// Whether `name` is one of the markup's own tags (`b`, `w`, `signal`...): a
// line() template's `{name}` with such a name is markup, never a value.
bool isMarkupTagName(std::string_view name);

// The characters of a line ID, the `{#ID}` tag's (letters, digits, `_`, `.`,
// `-`): the tag is the markup's, and lang/LineId.h gives the rule its users.
bool isLineIdChar(char c);
bool isLineId(std::string_view id);

// Every tag, as an author writes it (for error messages and docs).
const char* knownTagsText();

}  // namespace stagehand::text
