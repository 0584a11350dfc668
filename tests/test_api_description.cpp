// scripts/ApiDescription.lua against what the engine really offers: the
// functions a scene can see, and the argument checks of their bindings.
// (tools/generate-api.lua --check, a ctest of its own, holds docs/API.md's
// tables and the meta file to the same description.)
#include <gtest/gtest.h>

#include <algorithm>

#include <sstream>

#include <optional>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "game/Camera.h"
#include "game/StageCommands.h"
#include "script/BindStage.h"
#include "script/LuaCompat.h"

using namespace stagehand;
using test::Stage;

namespace {

struct Param {
    std::string name, type;
    bool optional = false;
    std::vector<std::string> choices;  // the type's enum, if it has one
    std::string defaultValue;          // as Lua source ("1", "'inOutSine'"), or "" when none is described
    std::string tableField;            // the type's `field`: {FIELD = name} is the name too ({voice = 'door'})
    std::optional<std::pair<double, double>> range;                // `range = {low, high}`: the numbers allowed
    std::map<std::string, std::pair<double, double>> fieldRanges;  // an options table's ranged fields
    bool orNil = false;  // nil is a value it takes (sprite's image: none), not a missing argument
};

struct Described {
    std::string name, section, builtOn;
    bool standard = false;
    std::vector<Param> params;
};

std::string field(lua_State* L, int table, const char* key) {
    lua_getfield(L, table, key);
    std::string value = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_pop(L, 1);
    return value;
}

bool flag(lua_State* L, int table, const char* key) {
    lua_getfield(L, table, key);
    bool value = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return value;
}

// The plain functions of the description (methods of handles left out).
std::vector<Described> readDescription() {
    lua_State* L = luaL_newstate();
    luaL_openlibs(L);
    std::string path = test::dataRoot() + "/scripts/ApiDescription.lua";
    std::vector<Described> out;
    if (luaL_dofile(L, path.c_str()) != 0) {
        ADD_FAILURE() << lua_tostring(L, -1);
        lua_close(L);
        return out;
    }
    lua_getfield(L, -1, "types");
    int types = lua_gettop(L);
    lua_getfield(L, -2, "functions");
    int functions = lua_gettop(L);
    for (int i = 1; i <= static_cast<int>(lua_objlen(L, functions)); ++i) {
        lua_rawgeti(L, functions, i);
        int entry = lua_gettop(L);
        if (field(L, entry, "of").empty()) {
            Described d{field(L, entry, "name"),
                        field(L, entry, "section"),
                        field(L, entry, "builtOn"),
                        flag(L, entry, "standard"),
                        {}};
            lua_getfield(L, entry, "params");
            for (int j = 1; j <= static_cast<int>(lua_objlen(L, -1)); ++j) {
                lua_rawgeti(L, -1, j);
                int param = lua_gettop(L);
                d.params.push_back({field(L, param, "name"),
                                    field(L, param, "type"),
                                    flag(L, param, "opt"),
                                    {},
                                    "",
                                    "",
                                    std::nullopt,
                                    {},
                                    flag(L, param, "orNil")});
                lua_getfield(L, param, "range");
                if (lua_istable(L, -1)) {
                    lua_rawgeti(L, -1, 1);
                    lua_rawgeti(L, -2, 2);
                    d.params.back().range = std::make_pair(lua_tonumber(L, -2), lua_tonumber(L, -1));
                    lua_pop(L, 2);
                }
                lua_pop(L, 1);
                lua_getfield(L, param, "default");
                if (lua_type(L, -1) == LUA_TSTRING)
                    d.params.back().defaultValue = "'" + std::string(lua_tostring(L, -1)) + "'";
                if (lua_type(L, -1) == LUA_TNUMBER) d.params.back().defaultValue = lua_tostring(L, -1);
                lua_pop(L, 1);
                lua_getfield(L, types, d.params.back().type.c_str());
                if (lua_istable(L, -1)) d.params.back().tableField = field(L, lua_gettop(L), "field");
                if (lua_istable(L, -1)) {  // fields = { volume = { "number", range = { 0, 4 } }, ... }
                    lua_getfield(L, -1, "fields");
                    if (lua_istable(L, -1)) {
                        lua_pushnil(L);
                        while (lua_next(L, -2)) {
                            lua_getfield(L, -1, "range");  // stack: key, field, range
                            if (lua_istable(L, -1) && lua_type(L, -3) == LUA_TSTRING) {
                                lua_rawgeti(L, -1, 1);
                                lua_rawgeti(L, -2, 2);
                                d.params.back().fieldRanges[lua_tostring(L, -5)] =
                                    std::make_pair(lua_tonumber(L, -2), lua_tonumber(L, -1));
                                lua_pop(L, 2);
                            }
                            lua_pop(L, 2);  // the range and the field, keeping the key for lua_next
                        }
                    }
                    lua_pop(L, 1);
                }
                if (lua_istable(L, -1)) lua_getfield(L, -1, "enum");
                for (int k = 1; lua_istable(L, -1) && k <= static_cast<int>(lua_objlen(L, -1)); ++k) {
                    lua_rawgeti(L, -1, k);
                    d.params.back().choices.push_back(lua_tostring(L, -1));
                    lua_pop(L, 1);
                }
                lua_settop(L, param);
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
            out.push_back(d);
        }
        lua_pop(L, 1);
    }
    lua_close(L);
    return out;
}

// A right value for an argument of each type, as Lua source.
const std::map<std::string, std::string> kGoodArgument = {
    {"actor", "'jackie'"},
    {"waypoint", "'forest.jackie_stop'"},
    {"point", "'forest.jackie_stop'"},
    {"place", "'jon'"},
    {"text", "'hi'"},
    {"label", "'hi'"},
    {"string", "'hi'"},
    {"number", "1"},
    {"seconds", "0.01"},
    {"distance", "1"},
    {"integer", "1"},
    {"image", "'keeper'"},
    {"sprite", "'keeper'"},
    {"expression", "'glad'"},
    {"signal", "'s'"},
    {"story", "'probe'"},
    {"chapter", "'probe'"},
    {"module", "'probe'"},
    {"facing", "'down'"},
    {"fadeKind", "'in'"},
    {"transition", "'dissolve'"},
    {"function", "function() end"},
    {"predicate", "function() return true end"},
    {"groupOrFunction", "function() end"},
    {"curveTime", "0.5"},
    {"voice", "'door'"},
    {"sound", "'door'"},
    {"musicOptions", "{}"},
    {"soundOptions", "{}"},
    {"blipOptions", "{}"},
    {"lineValues", "{n = 1}"},
    {"easing", "'linear'"},
    {"tweenTarget", "'camera'"},
    {"tweenProperty", "'zoom'"},
    {"tweenValue", "2"},
    {"backdrop", "'keeper'"},
    {"character", "'jackie'"},
    {"stagePlace", "'left'"},
    {"showTransition", "'dissolve'"},
    {"animation", "'walk'"},
};

// What a call plays, while an actor walks off and music plays, for six
// seconds: the camera a sixth of a second apart (a follow's dead zone shows
// there), then every event. Two calls meant alike must give the same text.
std::string playedForSixSeconds(const std::string& call, bool mustFinish = true) {
    Stage stage("function probe() activate('jackie') activate('jon') playMusic('door') " + call +
                " walkToPoint('jackie', {x = 1100, y = 600}) wait(5) end");
    ProcessOutcome outcome;
    stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
    std::string events;
    for (int sixth = 0; sixth < 6 * 6; ++sixth) {
        stage.ticks(10);
        const Camera& camera = stage.world.camera();
        events += std::to_string(camera.center().x) + " " + std::to_string(camera.center().y) + " " +
                  std::to_string(camera.zoom()) + "\n";
    }
    if (mustFinish) {
        EXPECT_EQ(outcome.status, "done") << call << ": " << outcome.error;
    }
    for (const auto& e : stage.transcript.events()) events += Transcript::formatText(e) + "\n";
    return events;
}

}  // namespace

TEST(ApiDescription, describes_exactly_the_functions_a_scene_can_see) {
    Stage stage("");
    std::set<std::string> described, visible;
    for (const auto& d : readDescription())
        if (!d.standard) described.insert(d.name);
    const std::set<std::string> standard = {
        "assert", "error",  "ipairs", "next",     "pairs",  "pcall",  "select",       "tonumber",     "tostring",
        "type",   "unpack", "xpcall", "rawequal", "rawget", "rawset", "setmetatable", "getmetatable", "print"};
    for (const auto& name : stage.host->sceneFunctions())
        if (!standard.count(name)) visible.insert(name);
    for (const auto& name : visible) EXPECT_TRUE(described.count(name)) << name << " is not in ApiDescription.lua";
    for (const auto& name : described) EXPECT_TRUE(visible.count(name)) << name << " is described but not visible";
    EXPECT_GT(described.size(), 50u);
}

// --explore's "line never shown" must know every call that shows a line:
// tests/scripts/explore_every_way_to_show.lua (ExploreChecks.cmake expects
// none of its lines reported unseen) calls each function described as taking
// a line of text.
TEST(ApiDescription, every_call_that_shows_a_line_is_in_the_every_way_to_show_script) {
    std::ifstream in(test::dataRoot() + "/tests/scripts/explore_every_way_to_show.lua");
    const std::string script((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(script.empty());
    int showing = 0;
    for (const auto& d : readDescription()) {
        const bool shows = std::any_of(d.params.begin(), d.params.end(),
                                       [](const Param& p) { return p.type == "text" || p.type == "label"; });
        if (!shows) continue;
        ++showing;
        EXPECT_TRUE(std::regex_search(script, std::regex("(^|[^A-Za-z_.:])" + d.name + "\\(")))
            << d.name << " shows a line and explore_every_way_to_show.lua does not call it";
    }
    EXPECT_GE(showing, 6);
}

// Every binding of the stage table is described: as a scene function, or in
// the description's `engine` list (what the waiting forms of the stage library,
// scripts/StageSupport.lua and scripts/stage/, build on), which each of them
// uses. A binding described nowhere would be hidden from scenes without a
// word; an `engine` entry no binding has is stale.
TEST(ApiDescription, every_binding_is_described_and_every_engine_function_is_a_used_binding) {
    Stage stage("");
    std::set<std::string> described;
    for (const auto& d : readDescription()) described.insert(d.name);
    std::string support;
    for (const char* file : {"StageSupport.lua", "stage/stage.lua", "stage/camera.lua", "stage/story.lua",
                             "stage/sound.lua", "stage/player.lua"}) {
        std::ifstream in(test::dataRoot() + "/scripts/" + file, std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ASSERT_FALSE(text.empty()) << file;
        support += text + "\n";
    }
    lua_State* L = luaL_newstate();
    luaL_openlibs(L);
    const std::string path = test::dataRoot() + "/scripts/ApiDescription.lua";
    ASSERT_EQ(luaL_dofile(L, path.c_str()), 0) << lua_tostring(L, -1);
    std::set<std::string> engine;
    lua_getfield(L, -1, "engine");
    for (int i = 1; lua_istable(L, -1) && i <= static_cast<int>(lua_objlen(L, -1)); ++i) {
        lua_rawgeti(L, -1, i);
        lua_getfield(L, -1, "name");
        engine.insert(lua_tostring(L, -1));
        lua_pop(L, 2);
    }
    lua_settop(L, 0);
    openStage(L, stage.world);
    std::set<std::string> bindings;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        bindings.insert(lua_tostring(L, -1));
    }
    lua_close(L);
    EXPECT_GT(bindings.size(), 40u);
    EXPECT_GT(engine.size(), 10u);
    auto used = [&](const std::string& name) {  // stage.NAME, and not stage.NAMEsomething
        for (std::size_t at = support.find("stage." + name); at != std::string::npos;
             at = support.find("stage." + name, at + 1)) {
            char after = at + 6 + name.size() < support.size() ? support[at + 6 + name.size()] : ' ';
            if (!std::isalnum(static_cast<unsigned char>(after)) && after != '_') return true;
        }
        return false;
    };
    for (const auto& name : bindings)
        EXPECT_TRUE(described.count(name) || engine.count(name))
            << name << ": a binding described neither as a scene function nor in ApiDescription.lua's engine list";
    for (const auto& name : engine) {
        EXPECT_TRUE(bindings.count(name)) << name << ": in ApiDescription.lua's engine list, but no binding";
        EXPECT_TRUE(used(name)) << name << ": an engine function no waiting form of the stage library uses";
        EXPECT_FALSE(described.count(name)) << name << ": both a scene function and an engine one";
    }
}

// Each argument of each stage function, given `true` (no type takes it), and each required one given nil,
// with right values for the others (optional ones after it left out): the error names the function (or the
// engine function it is built on), the argument (by name or type) and the value, at the scene's line.
TEST(ApiDescription, every_stage_argument_is_checked_as_described) {
    int cases = 0;
    for (const auto& d : readDescription()) {
        if (d.section != "stage" && d.section != "camera" && d.section != "story" && d.section != "player" &&
            d.section != "sound")
            continue;
        for (std::size_t wrong = 0; wrong < 2 * d.params.size(); ++wrong) {
            const Param& p = d.params[wrong % d.params.size()];
            const std::string value = wrong < d.params.size() ? "true" : "nil";
            if (p.type == "any" || (value == "nil" && (p.optional || p.orNil))) continue;
            std::string args;
            for (std::size_t i = 0; i < d.params.size() && (i <= wrong % d.params.size() || !d.params[i].optional);
                 ++i) {
                auto good = kGoodArgument.find(d.params[i].type);
                ASSERT_NE(good, kGoodArgument.end()) << d.name << ": no sample of type " << d.params[i].type;
                args += (i ? ", " : "") + (i == wrong % d.params.size() ? value : good->second);
            }
            // Caught with pcall too, as a scene that tries a call would: printed as the error raised it (an
            // error that ends a process is blamed on the scene's line after the fact; a caught one is not).
            Stage stage("function probe() activate('jackie') activate('jon') print(select(2, pcall(function() " +
                        d.name + "(" + args + ") end))) " + d.name + "(" + args + ") end");
            ProcessOutcome outcome;
            stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
            stage.ticks(2);
            std::string call = d.name + "(" + args + ")";
            ASSERT_EQ(outcome.status, "failed") << call << " was not refused";
            std::string firstLine = outcome.error.substr(0, outcome.error.find('\n'));
            bool namesFunction = firstLine.find(" " + d.name + ": ") != std::string::npos ||
                                 (!d.builtOn.empty() && firstLine.find(" " + d.builtOn + ": ") != std::string::npos);
            bool namesArgument = firstLine.find(" " + p.name + " ") != std::string::npos ||
                                 firstLine.find(" " + p.type + " ") != std::string::npos;
            EXPECT_TRUE(namesFunction) << call << ": " << firstLine;
            EXPECT_TRUE(namesArgument) << call << ": " << firstLine;
            EXPECT_NE(firstLine.find("Was " + value), std::string::npos) << call << ": " << firstLine;
            EXPECT_NE(firstLine.find(".lua:1: "), std::string::npos) << call << " is not blamed on the scene's line";
            const auto printed = stage.events("print");
            const std::string* caught = printed.empty() ? nullptr : printed.front()->field("text");
            EXPECT_TRUE(caught && caught->find(".lua:1: ") != std::string::npos)
                << call << " caught: " << (caught ? *caught : "nothing printed");
            ++cases;
        }
    }
    EXPECT_GT(cases, 40);
}

// An argument of an enum type, given a string outside it: the error lists
// every choice the description gives, in its order.
TEST(ApiDescription, every_enum_argument_lists_the_described_choices) {
    int cases = 0;
    for (const auto& d : readDescription()) {
        for (std::size_t which = 0; which < d.params.size(); ++which) {
            if (d.params[which].choices.empty()) continue;
            std::string args;
            for (std::size_t i = 0; i <= which; ++i)
                args += (i ? ", " : "") + (i == which ? std::string("'nope'") : kGoodArgument.at(d.params[i].type));
            Stage stage("function probe() " + d.name + "(" + args + ") end");
            ProcessOutcome outcome;
            stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
            std::string firstLine = outcome.error.substr(0, outcome.error.find('\n'));
            std::string listed;
            for (const auto& choice : d.params[which].choices) listed += (listed.empty() ? "" : ", ") + choice;
            EXPECT_NE(
                firstLine.find(d.name + ": " + d.params[which].name + " must be one of " + listed + ". Was \"nope\""),
                std::string::npos)
                << firstLine;
            ++cases;
        }
    }
    // face's direction, fade's kind, tween's property, backdrop's transition, the easing of
    // moveCamera, zoomCamera, tween, ease and backdrop, show's place and transition, hide's transition,
    // frameRate's animation
    EXPECT_EQ(cases, 13);
}

// The engine's commands (src/game/StageCommands.h) are bound by their entry
// in the description: one with no entry would have no argument names or
// types, and is refused when a scene calls it.
TEST(ApiDescription, every_engine_command_is_described) {
    std::set<std::string> described;
    for (const auto& d : readDescription()) described.insert(d.name);
    for (const auto& command : stageCommands())
        EXPECT_TRUE(described.count(command.name))
            << command.name << ": an engine command with no entry in ApiDescription.lua";
    EXPECT_GE(stageCommands().size(), 13u);
}

// An enum scripts spell as words is written once, in the engine's table
// (src/game/EnumNames.h); the description's `enum` for its type must list the
// same names in the same order, and every enum the engine takes must have its type.
TEST(ApiDescription, every_engine_enum_is_spelt_as_the_description_spells_it) {
    lua_State* L = luaL_newstate();
    luaL_openlibs(L);
    std::string path = test::dataRoot() + "/scripts/ApiDescription.lua";
    ASSERT_EQ(luaL_dofile(L, path.c_str()), 0) << lua_tostring(L, -1);
    lua_getfield(L, -1, "types");
    for (const auto& [type, names] : stageEnums()) {
        lua_getfield(L, -1, type.c_str());
        if (lua_istable(L, -1)) lua_getfield(L, -1, "enum");
        std::vector<std::string> described;
        for (int k = 1; lua_istable(L, -1) && k <= static_cast<int>(lua_objlen(L, -1)); ++k) {
            lua_rawgeti(L, -1, k);
            described.push_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        EXPECT_EQ(described, names) << "the type " << type << " in ApiDescription.lua against the engine's table";
        lua_settop(L, 2);
    }
    lua_close(L);
    EXPECT_EQ(stageEnums().size(), 3u);
}

namespace {

// Values to try for an argument of each type, right and wrong ones: names
// known and misspelt, every choice of an enum and one outside it, numbers in
// and out of range, options tables with good and bad fields.
const std::map<std::string, std::vector<std::string>> kTriedArguments = {
    {"actor", {"'jackie'", "'jon'", "'jakcie'", "12"}},
    {"waypoint", {"'forest.jackie_stop'", "'forest.nowhere'", "'jackie_stop'", "12"}},
    {"point", {"'forest.jackie_stop'", "{x = 10, y = 20}", "'nowhere'", "12"}},
    {"place", {"'jon'", "'forest.jackie_stop'", "{x = 10, y = 20}", "'nobody'", "12"}},
    {"text", {"'hi'", "'{b}bold{/b} and {i}italic{/i}'", "'{w=0.1}pause'", "12"}},
    {"label", {"'hi'", "''", "true"}},
    {"string", {"'hi'", "true"}},
    // (and numbers with more digits than %g shows, which a refusal must show as written)
    {"number", {"1", "0.3", "-1", "2", "100", "1e9", "'1'", "1234567.25", "-0.123456789"}},
    {"seconds", {"0.01", "0", "2", "-1", "'2'", "-0.123456789"}},
    {"distance", {"1", "0.5", "0", "-1", "'1'", "-0.123456789"}},
    {"integer", {"1", "3", "0", "1.5", "'1'", "1234567.25"}},
    {"image", {"'keeper'", "'keepr'", "12"}},
    {"sprite", {"'keeper'", "'nope'", "12"}},
    {"expression", {"'glad'", "'hapy'", "12"}},
    {"signal", {"'s'", "12"}},
    {"story", {"'probe'", "'nostory'", "12"}},
    {"facing", {"'down'", "'up'", "'left'", "'right'", "'east'", "'Left'", "12"}},
    {"fadeKind", {"'out'", "'in'", "'flash'", "'dim'", "12"}},
    {"transition", {"'dissolve'", "'fade'", "'slide'", "'wipe'", "12"}},
    {"easing", {"'linear'", "'outBounce'", "'inOutSine'", "'inOutBack'", "'bouncy'", "12"}},
    {"function", {"function() end", "12"}},
    {"predicate", {"function() return true end", "12"}},
    {"voice", {"'door'", "{voice = 'door'}", "'dor'", "12"}},
    {"sound", {"'door'", "'dor'", "12"}},
    {"musicOptions", {"{}", "{volume = 2, fade = 1, loop = true}", "{volume = 5}", "{volme = 1}", "12"}},
    {"soundOptions", {"{}", "{pan = -1, at = 'jackie'}", "{pan = 2}", "{at = 'jakcie'}", "12"}},
    {"blipOptions", {"{}", "{pitch = 4, volume = 0}", "{pitch = 5}", "{volume = -1}", "12"}},
    {"lineValues", {"{n = 1}", "12"}},
    {"tweenTarget", {"'camera'", "'jackie'", "'fade'", "'picture'", "'actor'", "'nobody'", "12"}},
    {"tweenProperty", {"'zoom'", "'position'", "'center'", "'level'", "'opacity'", "'size'", "12"}},
    {"tweenValue", {"2", "0.25", "8", "9", "0", "1", "'forest.jackie_stop'", "'jon'", "{x = 10, y = 20}", "true"}},
};

// The line numbers `findings` name in a script called `chunk`, for findings
// about a call of `function` (or of what it is built on): "chunk:LINE: name: ...".
std::map<int, std::string> linesFound(const std::vector<std::string>& findings, const Described& d) {
    std::map<int, std::string> lines;  // line -> what the first finding there says
    for (const std::string& finding : findings) {
        std::size_t colon = finding.find(".lua:");
        if (colon == std::string::npos) continue;
        std::size_t after = finding.find(": ", colon + 5);
        if (after == std::string::npos) continue;
        std::string said = finding.substr(after + 2);
        if (said.rfind(d.name + ": ", 0) != 0 && (d.builtOn.empty() || said.rfind(d.builtOn + ": ", 0) != 0)) continue;
        lines.emplace(std::stoi(finding.substr(colon + 5, after - colon - 5)), said);
    }
    return lines;
}

// The value a refusal shows: what follows its last ". Was " (a guess after it left out), or "".
std::string wasShown(const std::string& message) {
    std::size_t at = message.rfind(". Was ");
    if (at == std::string::npos) return "";
    std::string shown = message.substr(at + 6);
    return shown.substr(0, shown.find(" (did you mean"));
}

// Whether two refusals show one value: the same text, or the same number however written (1e9, 1e+09).
bool showSameValue(const std::string& a, const std::string& b) {
    char* endA = nullptr;
    char* endB = nullptr;
    const double x = std::strtod(a.c_str(), &endA), y = std::strtod(b.c_str(), &endB);
    return a == b || (!a.empty() && !b.empty() && *endA == '\0' && *endB == '\0' && x == y);
}

}  // namespace

// --check and play are one judge of a call's arguments (issue 42): over every
// value tried for every argument of every stage function (the others right),
// and every right call with its arguments left out from the last one by one, a call
// --check reports is one play refuses at the same line, and one --check passes
// is one play takes. A --check stricter than play rejects a good scene; one
// laxer than play passes a scene that then fails.
TEST(ApiDescription, check_and_play_agree_on_every_value_tried_for_every_argument) {
    int calls = 0;
    for (const auto& d : readDescription()) {
        if (d.section != "stage" && d.section != "camera" && d.section != "story" && d.section != "player" &&
            d.section != "sound")
            continue;
        // (The story's flow and a scene's processes: their rule is where they are called, judged elsewhere.)
        if (d.name == "jump" || d.name == "menu" || d.name == "option" || d.name == "print" ||
            d.name == "runForScene" || d.name == "nextChapter" || d.name == "endStory" || d.name == "endChapter")
            continue;
        std::vector<std::string> variants;  // argument lists
        auto argumentsWith = [&](std::size_t which, const std::string& value, std::size_t count) {
            std::string args;
            for (std::size_t i = 0; i < count; ++i) {
                auto tried = kTriedArguments.find(d.params[i].type);
                if (tried == kTriedArguments.end()) return std::string("?");
                args += (i ? ", " : "") + (i == which ? value : tried->second.front());
            }
            return args;
        };
        std::size_t required = 0;
        for (std::size_t i = 0; i < d.params.size(); ++i)
            if (!d.params[i].optional) required = i + 1;
        for (std::size_t count = 0; count <= d.params.size(); ++count)  // (not only what the description allows)
            variants.push_back(argumentsWith(d.params.size(), "", count));
        // A ranged number at each end of its described range, which both take, and a step past each, which
        // both refuse: a slip of < for <= lives at an end, where generic values seldom land.
        std::map<std::size_t, bool> rangeEnds;  // variant -> whether it is inside the range
        for (std::size_t which = 0; which < d.params.size(); ++which) {
            auto tried = kTriedArguments.find(d.params[which].type);
            if (tried == kTriedArguments.end()) continue;
            for (const std::string& value : tried->second)
                variants.push_back(argumentsWith(which, value, std::max(required, which + 1)));
            auto addEnds = [&](const std::pair<double, double>& range, const std::string& before,
                               const std::string& after) {
                const auto [low, high] = range;
                const double step = std::max(1e-3, (high - low) * 1e-3);
                for (const auto& [value, inside] : std::vector<std::pair<double, bool>>{
                         {low, true}, {high, true}, {low - step, false}, {high + step, false}}) {
                    std::ostringstream written;
                    written.precision(17);
                    written << before << value << after;
                    rangeEnds[variants.size()] = inside;
                    variants.push_back(argumentsWith(which, written.str(), std::max(required, which + 1)));
                }
            };
            if (d.params[which].range) addEnds(*d.params[which].range, "", "");
            for (const auto& [name, range] : d.params[which].fieldRanges) addEnds(range, "{" + name + " = ", "}");
        }
        std::string source;
        for (std::size_t i = 0; i < variants.size(); ++i)  // one a line; a type with no values tried: a comment
            source += (variants[i].find('?') != std::string::npos ? "-- " : "") + std::string("function probe") +
                      std::to_string(i) + "() activate('jackie') activate('jon') " + d.name + "(" + variants[i] +
                      ") end\n";
        const std::map<int, std::string> reported = linesFound(Stage(source).host->check(), d);
        for (std::size_t i = 0; i < variants.size(); ++i) {
            if (variants[i].find('?') != std::string::npos) continue;
            const int line = static_cast<int>(i) + 1;
            Stage stage(source);  // one each: a call still waiting would hold the next one back
            ProcessOutcome outcome;
            stage.host->startProcess("probe" + std::to_string(i), {}, [&](const ProcessOutcome& o) { outcome = o; });
            stage.ticks(2);
            const std::string firstLine = outcome.error.substr(0, outcome.error.find('\n'));
            const bool refused = outcome.status == "failed" &&
                                 firstLine.find(".lua:" + std::to_string(line) + ": ") != std::string::npos;
            EXPECT_EQ(reported.count(line) == 1, refused)
                << d.name << "(" << variants[i] << "): --check " << (reported.count(line) ? "reports it" : "passes it")
                << ", play " << (refused ? "refuses it: " + firstLine : "takes it");
            if (rangeEnds.count(i)) {
                EXPECT_EQ(refused, !rangeEnds[i])
                    << d.name << "(" << variants[i] << ") is " << (rangeEnds[i] ? "an end of" : "a step past")
                    << " its described range, and play " << (refused ? "refuses it: " + firstLine : "takes it");
            }
            // ... and where both show the value they refused ("... Was X"), they show it alike: a string
            // quoted, a number as written
            const std::string played = wasShown(firstLine),
                              checked = reported.count(line) ? wasShown(reported.at(line)) : "";
            if (refused && !played.empty() && !checked.empty()) {
                EXPECT_TRUE(showSameValue(checked, played))
                    << d.name << "(" << variants[i] << "): --check shows " << checked << ", play " << firstLine;
            }
            ++calls;
        }
    }
    EXPECT_GT(calls, 300);
}

// An argument left out is its described default (ApiDescription.lua's
// `default`, which docs and editors show): for every described default, a
// call that leaves the argument out and one that gives the default play the
// same, event for event, tween for tween and camera for camera, while an actor
// walks off, for six seconds. And every
// optional number, duration or easing has its default described.
TEST(ApiDescription, an_argument_left_out_plays_as_its_described_default) {
    int compared = 0;
    for (const auto& d : readDescription()) {
        for (std::size_t k = 0; k < d.params.size(); ++k) {
            const Param& p = d.params[k];
            const bool staysWithout = d.name == "say" && p.name == "seconds";  // left out: the bubble stays up
            if (p.optional && !staysWithout && (p.type == "seconds" || p.type == "number" || p.type == "easing")) {
                EXPECT_NE(p.defaultValue, "") << d.name << "'s " << p.name << " has no described default";
            }
            if (p.defaultValue.empty()) continue;
            std::string given;
            for (std::size_t i = 0; i < k; ++i)  // (show: jackie, a map's actor, has no picture of 'glad')
                given += (i ? ", " : "") + (d.params[i].type == "transition" ? std::string("'dissolve'")
                                            : d.params[i].type == "expression" && d.name == "show"
                                                ? std::string("nil")
                                                : kGoodArgument.at(d.params[i].type));
            auto play = [&](const std::string& args) { return playedForSixSeconds(d.name + "(" + args + ")"); };
            const std::string leftOut = play(given);
            EXPECT_EQ(leftOut, play(given + (k ? ", " : "") + p.defaultValue))
                << d.name << ": leaving " << p.name << " out is not " << p.name << " = " << p.defaultValue;
            ++compared;
        }
    }
    EXPECT_GE(compared, 9);
}

// A type with a `field` takes a name or a table holding it there (a voice:
// 'door' or {voice = 'door'}): for every argument of such a type, the table
// form plays as the plain name, event for event.
TEST(ApiDescription, an_argument_given_in_its_table_form_plays_as_its_plain_name) {
    int compared = 0;
    for (const auto& d : readDescription()) {
        for (std::size_t k = 0; k < d.params.size(); ++k) {
            const Param& p = d.params[k];
            if (p.tableField.empty()) continue;
            std::string given;  // text(s) takes a speaker first when more follow: text(actor, s, voice)
            for (std::size_t i = 0; i < k; ++i)
                given +=
                    (d.name == "text" && i == 0 ? std::string("'jackie'") : kGoodArgument.at(d.params[i].type)) + ", ";
            const std::string name = kGoodArgument.at(p.type);
            auto play = [&](const std::string& args) { return playedForSixSeconds(d.name + "(" + args + ")", false); };
            const std::string plain = play(given + name);
            EXPECT_EQ(plain, play(given + "{" + p.tableField + " = " + name + "}"))
                << d.name << ": " << p.name << " as {" << p.tableField << " = " << name << "} is not " << name;
            EXPECT_NE(plain, play(given.substr(0, given.size() - 2)))
                << d.name << ": " << p.name << " changes nothing, so the comparison says nothing";
            ++compared;
        }
    }
    EXPECT_GE(compared, 2);
}

// The zoom a scene may ask for (zoomCamera's range, which the docs and --check
// read from the description) is the zoom the camera reaches: at both ends and
// between, by zoomCamera and by a tween of the camera's zoom. A limit of the
// camera's own narrower than the stated range would stop short of its end.
TEST(ApiDescription, the_zoom_a_scene_may_ask_for_is_the_zoom_the_camera_reaches_at_both_ends_by_either_call) {
    std::optional<std::pair<double, double>> range;
    for (const auto& d : readDescription())
        if (d.name == "zoomCamera")
            for (const auto& p : d.params)
                if (p.name == "zoom") range = p.range;
    ASSERT_TRUE(range) << "zoomCamera's zoom has no range";
    const auto [low, high] = *range;
    for (double zoom : {low, low + (high - low) / 3, 1.0, high - (high - low) / 3, high})
        for (const std::string& call : {"zoomCamera(" + std::to_string(zoom) + ", 0.1) waitCamera()",
                                        "waitProcess(tween('camera', 'zoom', " + std::to_string(zoom) + ", 0.1))"}) {
            Stage stage("function probe() " + call + " end");
            stage.startScene("probe");
            stage.ticks(30);
            EXPECT_EQ(stage.sceneStatus, "done") << call;
            EXPECT_NEAR(stage.world.camera().zoom(), zoom, 1e-4) << call;
        }
}
