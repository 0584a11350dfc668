#include "lang/PseudoText.h"

#include <string>

namespace stagehand::lang {

namespace {

// Accented forms of the ASCII letters (UTF-8), the pseudo-language's alphabet.
const char* accentedLetter(char c) {
    static const char* const lower[26] = {"á", "ƀ", "ç", "ð", "é", "ƒ", "ĝ", "ĥ", "í", "ĵ", "ķ", "ļ", "ɱ",
                                          "ñ", "ö", "þ", "ǫ", "ŕ", "š", "ţ", "û", "ṽ", "ŵ", "ẋ", "ý", "ž"};
    static const char* const upper[26] = {"Å", "Ɓ", "Ç", "Ð", "É", "Ƒ", "Ĝ", "Ĥ", "Í", "Ĵ", "Ķ", "Ļ", "Ṁ",
                                          "Ñ", "Ö", "Þ", "Ǫ", "Ŕ", "Š", "Ţ", "Û", "Ṽ", "Ŵ", "Ẋ", "Ý", "Ž"};
    if (c >= 'a' && c <= 'z') return lower[c - 'a'];
    if (c >= 'A' && c <= 'Z') return upper[c - 'A'];
    return nullptr;
}

bool isVowel(char c) {
    return std::string_view("aeiouAEIOU").find(c) != std::string_view::npos;
}

}  // namespace

std::string pseudoText(std::string_view source) {
    std::string out = "[";
    std::size_t letters = 0, added = 0;  // characters shown, and those added
    for (std::size_t at = 0; at < source.size();) {
        if (source.compare(at, 2, "{{") == 0) {
            out.append("{{");
            at += 2;
            continue;
        }
        if (source[at] == '{') {  // a tag (or a template's {name}) is kept whole
            std::size_t close = source.find('}', at);
            std::size_t end = close == std::string_view::npos ? source.size() : close + 1;
            out.append(source.substr(at, end - at));
            at = end;
            continue;
        }
        char c = source[at++];
        const char* accented = accentedLetter(c);
        out.append(accented ? accented : std::string(1, c));
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++letters;  // a character, not a continuation byte
        if (!accented) continue;
        // Vowels doubled until the text is about 40% longer: the room a
        // German or a French line takes over its English source.
        if (isVowel(c) && added * 10 < letters * 4) {
            out.append(accented);
            ++added;
        }
    }
    while (added * 10 < letters * 4) {  // a text short of vowels is padded at its end
        out.append("~");
        ++added;
    }
    out.append("]");
    return out;
}

}  // namespace stagehand::lang
