#include "text/Markup.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "render/Utf8.h"

namespace stagehand::text {

namespace {

const char* const kKnownTags =
    "{w} {w=SECONDS} {speed=FACTOR}...{/speed} {cps=N}...{/cps} {instant}...{/instant} "
    "{color=#rgb or #rrggbb}...{/color} {b}...{/b} {i}...{/i} {size=N, +N, -N or *F}...{/size} "
    "{wave}...{/wave} {shake}...{/shake} {signal=NAME} {face=NAME} {sound=NAME} {#ID} {{";

constexpr std::size_t kMostStyles = 256;

// Tags that open a span and must be closed before the text ends.
bool isSpan(std::string_view name) {
    return name == "color" || name == "b" || name == "i" || name == "size" || name == "wave" || name == "shake" ||
           name == "instant";
}

bool parseNumber(std::string_view text, double& out) {
    if (text.empty() || text.size() > 24) return false;
    std::string copy(text);
    for (char c : copy)
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.')) return false;
    char* end = nullptr;
    out = std::strtod(copy.c_str(), &end);
    return end == copy.c_str() + copy.size() && std::isfinite(out);
}

bool parseColor(std::string_view value, std::uint32_t& rgb) {
    if ((value.size() != 4 && value.size() != 7) || value[0] != '#') return false;
    std::uint32_t out = 0;
    for (std::size_t i = 1; i < value.size(); ++i) {
        char c = static_cast<char>(std::tolower(static_cast<unsigned char>(value[i])));
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0) return false;
        out = out << 4 | static_cast<std::uint32_t>(digit);
        if (value.size() == 4) out = out << 4 | static_cast<std::uint32_t>(digit);  // #f00 is #ff0000
    }
    rgb = out;
    return true;
}

struct Parser {
    std::string_view source;
    MarkupPlace place = MarkupPlace::Typed;
    std::shared_ptr<MarkedText> out = std::make_shared<MarkedText>();
    std::vector<TextStyle> stack{TextStyle{}};  // the style of each open span, innermost last
    std::vector<std::string> open;              // the open spans' names
    std::string error;

    bool fail(const std::string& message) {
        error = message + "; tags: " + kKnownTags;
        return false;
    }

    std::uint16_t styleIndex(const TextStyle& style) {
        auto& styles = out->styles;
        for (std::size_t i = styles.size(); i-- > 0;)  // newest first: a span's text usually follows its tag
            if (styles[i] == style) return static_cast<std::uint16_t>(i);
        styles.push_back(style);
        return static_cast<std::uint16_t>(styles.size() - 1);
    }

    void addText(std::string_view piece) {
        std::uint16_t style = styleIndex(stack.back());
        out->plain.append(piece);
        std::size_t count = utf8::length(piece);
        out->styleOf.insert(out->styleOf.end(), count, style);
        out->length += count;
    }

    void cue(CueKind kind, double value = 0, std::string name = "") {
        out->cues.push_back({out->length, kind, value, std::move(name)});
    }

    bool timed(const std::string& tag) {
        if (place == MarkupPlace::Typed) return true;
        return fail("{" + tag + "} is for lines and pages, which are typed (bubbles, options and banners appear " +
                    "at once: they take only how text looks)");
    }

    bool number(const std::string& tag, std::string_view value, double low, double high, double& out) {
        if (!parseNumber(value, out) || out < low || out > high)
            return fail("{" + tag + "} needs a number from " + formatted(low) + " to " + formatted(high) + ", not '" +
                        std::string(value) + "'");
        return true;
    }

    static std::string formatted(double v) {
        std::string s = std::to_string(v);
        s.erase(s.find_last_not_of('0') + 1);
        if (!s.empty() && s.back() == '.') s.pop_back();
        return s;
    }

    bool name(const std::string& tag, std::string_view value, std::string& out) {
        if (value.empty() || !std::all_of(value.begin(), value.end(), isLineIdChar))
            return fail("{" + tag + "} needs a name of letters, digits, _ . or -, not '" + std::string(value) + "'");
        out = std::string(value);
        return true;
    }

    bool close(const std::string& tagName) {
        if (tagName == "speed" || tagName == "cps") {
            if (!timed("/" + tagName)) return false;
            cue(tagName == "speed" ? CueKind::SpeedEnd : CueKind::CpsEnd);
            return true;
        }
        if (!isSpan(tagName)) return fail("unknown closing tag {/" + tagName + "}");
        if (open.empty() || open.back() != tagName)
            return fail("{/" + tagName + "} closes " + (open.empty() ? "nothing" : "{" + open.back() + "}") +
                        ": spans close innermost first");
        if (tagName == "instant") cue(CueKind::InstantEnd);
        open.pop_back();
        stack.pop_back();
        return true;
    }

    bool openSpan(const std::string& tagName, std::string_view value, bool hasValue) {
        TextStyle style = stack.back();
        bool needsValue = tagName == "color" || tagName == "size";
        if (needsValue && !hasValue) return fail("{" + tagName + "} needs a value: {" + tagName + "=...}");
        if (!needsValue && hasValue) return fail("{" + tagName + "} takes no value");
        if (tagName == "color") {
            if (!parseColor(value, style.rgb))
                return fail("{color} needs #rgb or #rrggbb, not '" + std::string(value) + "'");
            style.hasColor = true;
        } else if (tagName == "size") {
            char how = value.empty() ? 0 : value[0];
            bool relative = how == '+' || how == '-' || how == '*';
            double n = 0;
            // Each form's own lower end, named by the message: an absolute size from 6 (docs/API.md), a step from
            // 0, a factor from 0.1.
            const double low = !relative ? 6 : how == '*' ? 0.1 : 0;
            if (!number("size", relative ? value.substr(1) : value, low, 200, n)) return false;
            if (how == '+') style.sizeC += static_cast<float>(n);
            if (how == '-') style.sizeC -= static_cast<float>(n);
            if (how == '*') style.sizeA *= static_cast<float>(n), style.sizeC *= static_cast<float>(n);
            if (!relative) style.sizeA = 0, style.sizeC = static_cast<float>(n);
        } else if (tagName == "b") {
            style.bold = true;
        } else if (tagName == "i") {
            style.italic = true;
        } else if (tagName == "wave") {
            style.wave = true;
        } else if (tagName == "shake") {
            style.shake = true;
        } else if (tagName == "instant") {
            if (!timed("instant")) return false;
            cue(CueKind::InstantStart);
        }
        if (out->styles.size() >= kMostStyles)  // a text is read, not a palette: keeps the parse linear
            return fail("a text may have at most " + std::to_string(kMostStyles) + " different styles");
        stack.push_back(style);
        open.push_back(tagName);
        return true;
    }

    bool tag(std::string_view body) {
        std::size_t eq = body.find('=');
        bool hasValue = eq != std::string_view::npos;
        std::string tagName(body.substr(0, eq));
        std::string_view value = hasValue ? body.substr(eq + 1) : std::string_view();
        if (!tagName.empty() && tagName[0] == '#') {
            std::string id = tagName.substr(1);
            if (hasValue || !isLineId(id))
                return fail("{#ID} needs an id of letters, digits, _ . or -, not '" + std::string(body.substr(1)) +
                            "'");
            if (!out->lineId.empty()) return fail("{#" + id + "}: the text already has the id '" + out->lineId + "'");
            out->lineId = id;
            return true;
        }
        if (!tagName.empty() && tagName[0] == '/') {
            if (hasValue) return fail("{" + tagName + "} takes no value");
            return close(tagName.substr(1));
        }
        if (isSpan(tagName)) return openSpan(tagName, value, hasValue);
        double n = 0;
        std::string label;
        if (tagName == "w") {
            if (!timed("w")) return false;
            if (!hasValue) return cue(CueKind::WaitForPlayer), true;
            if (!number("w", value, 0, 60, n)) return false;
            cue(CueKind::Pause, n);
            return true;
        }
        if (tagName == "speed" || tagName == "cps") {
            if (!timed(tagName)) return false;
            if (!hasValue) return fail("{" + tagName + "} needs a value: {" + tagName + "=...}");
            bool speed = tagName == "speed";
            if (!number(tagName, value, speed ? 0.05 : 1, speed ? 20 : 1000, n)) return false;
            cue(speed ? CueKind::Speed : CueKind::Cps, n);
            return true;
        }
        if (tagName == "signal" || tagName == "face" || tagName == "sound") {
            if (!timed(tagName)) return false;
            if (!hasValue) return fail("{" + tagName + "} needs a name: {" + tagName + "=NAME}");
            if (!name(tagName, value, label)) return false;
            cue(tagName == "signal" ? CueKind::Signal : tagName == "face" ? CueKind::Face : CueKind::Sound, 0, label);
            return true;
        }
        return fail("unknown tag {" + std::string(body) + "}");
    }

    bool run() {
        out->source = std::string(source);
        out->styles.push_back(TextStyle{});
        std::size_t i = 0, textStart = 0;
        while (i < source.size()) {
            if (source[i] != '{') {
                ++i;
                continue;
            }
            addText(source.substr(textStart, i - textStart));
            if (i + 1 < source.size() && source[i + 1] == '{') {  // {{ is a brace
                addText("{");
                i += 2;
                textStart = i;
                continue;
            }
            std::size_t end = source.find('}', i);
            std::size_t nextOpen = source.find('{', i + 1);
            if (end == std::string_view::npos || (nextOpen != std::string_view::npos && nextOpen < end)) {
                std::string_view shown = source.substr(i, std::min<std::size_t>(20, source.size() - i));
                return fail("a '{' without its '}' at \"" + std::string(shown) + "\" (write {{ for a brace)");
            }
            if (!tag(source.substr(i + 1, end - i - 1))) return false;
            i = end + 1;
            textStart = i;
        }
        addText(source.substr(textStart));
        if (!open.empty()) return fail("{" + open.back() + "} is not closed: end it with {/" + open.back() + "}");
        return true;
    }
};

}  // namespace

float TextStyle::sizeFor(float base) const {
    return std::clamp(sizeA * base + sizeC, 6.0f, 200.0f);
}

const char* TextCue::tag() const {
    switch (kind) {
        case CueKind::Pause:
        case CueKind::WaitForPlayer: return "w";
        case CueKind::Speed:
        case CueKind::SpeedEnd: return "speed";
        case CueKind::Cps:
        case CueKind::CpsEnd: return "cps";
        case CueKind::InstantStart:
        case CueKind::InstantEnd: return "instant";
        case CueKind::Signal: return "signal";
        case CueKind::Face: return "face";
        case CueKind::Sound: return "sound";
    }
    return "?";
}

bool MarkedText::moves() const {
    return std::any_of(styles.begin(), styles.end(), [](const TextStyle& s) { return s.moves(); });
}

std::shared_ptr<const MarkedText> parseMarkup(std::string_view source, MarkupPlace place, std::string& error) {
    Parser parser;
    parser.source = source;
    parser.place = place;
    if (!parser.run()) {
        error = parser.error;
        return nullptr;
    }
    return parser.out;
}

std::shared_ptr<const MarkedText> plainText(std::string_view source) {
    auto out = std::make_shared<MarkedText>();
    out->source = out->plain = std::string(source);
    out->length = utf8::length(source);
    out->styles.push_back(TextStyle{});
    out->styleOf.assign(out->length, 0);
    return out;
}

bool isMarkupTagName(std::string_view name) {
    return isSpan(name) || name == "w" || name == "speed" || name == "cps" || name == "signal" || name == "face" ||
           name == "sound";
}

const char* knownTagsText() {
    return kKnownTags;
}

bool isLineIdChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

bool isLineId(std::string_view id) {
    if (id.empty()) return false;
    for (char c : id)
        if (!isLineIdChar(c)) return false;
    return true;
}

}  // namespace stagehand::text
