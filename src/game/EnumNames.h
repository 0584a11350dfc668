// Enums that scripts and maps spell as words ("left", "flash", "sea"): each
// keeps one table of (value, name) pairs, and these two functions read it both
// ways, so a name is written once and parsing can never disagree with printing.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace stagehand {

template <typename Enum>
struct EnumName {
    Enum value;
    const char* name;
};

template <typename Enum, std::size_t N>
const char* nameIn(const EnumName<Enum> (&table)[N], Enum value, const char* fallback) {
    for (const auto& entry : table)
        if (entry.value == value) return entry.name;
    return fallback;
}

template <typename Enum, std::size_t N>
std::optional<Enum> parseIn(const EnumName<Enum> (&table)[N], const std::string& name) {
    for (const auto& entry : table)
        if (name == entry.name) return entry.value;
    return std::nullopt;
}

// "a|b|c": the names, for an error that lists what is allowed.
template <typename Enum, std::size_t N>
std::string namesIn(const EnumName<Enum> (&table)[N]) {
    std::string names;
    for (const auto& entry : table) names += (names.empty() ? "" : "|") + std::string(entry.name);
    return names;
}

// The names in the table's order: what a binding's enum error lists ("face:
// direction must be one of down, up, left, right"), through
// src/game/StageCommands.h's stageEnums, by the type scripts/ApiDescription.lua
// gives them, whose enum must list the same (tests/test_api_description.cpp).
template <typename Enum, std::size_t N>
std::vector<std::string> listIn(const EnumName<Enum> (&table)[N]) {
    std::vector<std::string> names;
    for (const auto& entry : table) names.emplace_back(entry.name);
    return names;
}

}  // namespace stagehand
