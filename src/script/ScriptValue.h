// A plain value passed between C++ and a script: a process's arguments and
// results, a story flag. Tables and functions stay on the Lua side.
#pragma once

#include <string>

namespace stagehand {

struct ScriptValue {
    enum class Type { Nil, Boolean, Number, String } type = Type::Nil;
    bool boolean = false;
    double number = 0;
    std::string string;

    static ScriptValue of(double n) { return {Type::Number, false, n, {}}; }
    static ScriptValue of(const std::string& s) { return {Type::String, false, 0, s}; }
    static ScriptValue of(bool b) { return {Type::Boolean, b, 0, {}}; }
};

}  // namespace stagehand
