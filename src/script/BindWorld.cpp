#include "script/BindWorld.h"

#include <algorithm>
#include <cmath>

#include "game/SpriteFrames.h"
#include "game/StageCommands.h"
#include "lang/Translation.h"
#include "script/BindHelpers.h"
#include "script/LuaCompat.h"

namespace stagehand::bind {

namespace {

constexpr double kMaxCoordinate = 1e6;

// Up to 12 names, for a message.
std::string listed(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t i = 0; i < names.size() && i < 12; ++i) text += (i ? ", " : "") + names[i];
    return names.empty() ? "none" : names.size() > 12 ? text + ", ..." : text;
}

// An unknown "map.name": the did-you-mean, the known maps or the map's
// waypoints, and where maps are looked for (in search order).
void pushUnknownPointError(lua_State* L, const char* fname, const std::string& name) {
    const World& world = worldOf(L);
    std::string folders = "; maps are looked for in " + world.maps().foldersText();
    std::size_t dot = name.find('.');
    std::vector<std::string> maps = world.maps().names();
    std::string mapName = dot == std::string::npos ? "" : name.substr(0, dot);
    auto guessed = [L](const std::string& what, const std::vector<std::string>& choices) {
        std::string guess = bind::closestName(L, what, choices);
        for (const auto& choice : choices)  // a waypoint named without its map
            if (guess.empty() && choice.size() > what.size() &&
                choice.compare(choice.size() - what.size(), what.size(), what) == 0 &&
                choice[choice.size() - what.size() - 1] == '.')
                guess = choice;
        return guess.empty() ? std::string() : " (did you mean '" + guess + "'?)";
    };
    std::string message;
    if (!mapName.empty() && std::find(maps.begin(), maps.end(), mapName) == maps.end()) {
        message = std::string(fname) + ": unknown map '" + mapName + "' in '" + name + "'";
        if (const MapFailure* failure = world.maps().failureOf(mapName))  // it exists, but did not load
            message += ": it failed to load: " + failure->reason;
        else
            message += guessed(mapName, maps);
        message += "; maps: " + listed(maps);
    } else {
        std::vector<std::string> here;  // the map's own waypoints, or every one
        for (const auto& waypoint : world.cast().waypointNames())
            if (mapName.empty() || waypoint.rfind(mapName + ".", 0) == 0) here.push_back(waypoint);
        message = std::string(fname) + ": unknown waypoint '" + name + "'" +
                  guessed(name, world.cast().waypointNames()) +
                  (mapName.empty() ? "; waypoints are MAP.NAME: " : "; " + mapName + "'s waypoints: ") + listed(here);
    }
    bind::pushError(L, message + folders);
}

// The typewriter's events name things that must exist when the line is shown
// (not when the typewriter reaches them): sounds, and the speaker's faces.
bool checkCues(lua_State* L, const char* fname, const Actor* speaker, const text::MarkedText& marked) {
    for (const auto& cue : marked.cues) {
        if (cue.kind == text::CueKind::Sound) {
            std::string error;
            if (!worldOf(L).soundtrack().knowsSound(cue.name, error)) {
                bind::pushError(L, std::string(fname) + ": {sound=" + cue.name + "}: " + error);
                return false;
            }
        }
        if (cue.kind == text::CueKind::Face) {
            if (!speaker) {
                bind::pushError(L, std::string(fname) + ": {face=" + cue.name +
                                       "} needs a speaker with a portrait (narration has no face)");
                return false;
            }
            if (!checkExpression(L, fname, *speaker, cue.name)) return false;
        }
    }
    return true;
}

}  // namespace

World& worldOf(lua_State* L) {
    World& world = *static_cast<World*>(lua_touserdata(L, lua_upvalueindex(1)));
    world.countHostCall();
    return world;
}

std::string mapsLeftOut(lua_State* L) {
    std::string names;
    for (const auto& failure : worldOf(L).maps().failures)
        if (!failure.map.empty()) names += (names.empty() ? "" : ", ") + failure.map;
    return names.empty() ? "" : "maps that did not load: " + names + " (their actors are unknown too)";
}

Actor* findActorArg(lua_State* L, int index, const char* fname, const char* argName) {
    const char* id = checkString(L, index, fname, argName);
    Actor* actor = worldOf(L).cast().findActor(id);
    if (!actor) bind::pushUnknownNameError(L, fname, "actor", id, worldOf(L).cast().actorIds(), mapsLeftOut(L));
    return actor;
}

std::string choicesOf(const std::string& type) {
    std::string listed;
    if (const auto* names = stageEnumNames(type))
        for (const auto& name : *names) listed += (listed.empty() ? "" : ", ") + name;
    return listed;
}

bool readPoint(lua_State* L, int index, const char* fname, Point& point) {
    if (lua_type(L, index) == LUA_TSTRING) {
        const char* name = lua_tostring(L, index);
        const Vec2* found = worldOf(L).cast().findWaypoint(name);
        if (!found) {
            pushUnknownPointError(L, fname, name);
            return false;
        }
        point = {*found, name};
        return true;
    }
    if (lua_type(L, index) != LUA_TTABLE) {
        bind::pushError(L, std::string(fname) + ": point must be a waypoint name or a {x =, y =} table. Was " +
                               bind::describeValue(L, index));
        return false;
    }
    lua_getfield(L, index, "x");
    lua_getfield(L, index, "y");
    lua_getfield(L, index, "name");
    // Coordinates stay far inside float range: a walk to NaN or 1e300 would never arrive.
    auto coordinate = [L](int index) {
        return lua_type(L, index) == LUA_TNUMBER && std::fabs(lua_tonumber(L, index)) <= kMaxCoordinate;
    };
    bool numeric = coordinate(-3) && coordinate(-2);
    point.position = {static_cast<float>(lua_tonumber(L, -3)), static_cast<float>(lua_tonumber(L, -2))};
    const bool named = lua_type(L, -1) == LUA_TSTRING;
    const std::string wrongName = named || lua_isnil(L, -1) ? "" : bind::describeValue(L, -1);
    point.name = named ? lua_tostring(L, -1) : nullptr;  // the table keeps it alive
    lua_pop(L, 3);
    if (!numeric) {
        bind::pushError(L, std::string(fname) + ": point needs finite numeric x and y fields (within +-1000000)");
        return false;
    }
    if (!wrongName.empty()) {  // a name the transcript would drop: the author meant something by it
        bind::pushError(L, std::string(fname) + ": point's name must be a string. Was " + wrongName);
        return false;
    }
    return true;
}

std::string pointLabel(const Point& point) {
    if (point.name) return point.name;
    return formatNumber(point.position.x) + "," + formatNumber(point.position.y);
}

std::shared_ptr<const text::MarkedText> markedLine(lua_State* L, int index, const char* fname, const char* argName,
                                                   text::MarkupPlace place, std::string* lineId) {
    bind::LineSource source = bind::playerLine(L, index);
    std::string error;
    auto marked = text::parseMarkup(source.text, place, error);
    if (!marked) {
        bind::pushError(L, std::string(fname) + ": " + argName + ": " + bind::withTagGuess(L, error));
        return marked;
    }
    std::string id = lang::lineIdOf(marked->lineId, source.idSource, source.script);
    if (lineId) *lineId = id;
    const lang::LineProvider* lines = bind::lineProviderOf(L);
    if (!lines || !lines->translates()) return marked;
    // The line in the player's language (src/lang/Translation.h): a line with
    // none, or one that cannot be shown, is the source (with one warning).
    std::string warning;
    auto translated = lang::translateLine(
        *lines, id, lang::splitLineId(source.idSource).text, *marked, place,
        [&](const std::string& text) { return bind::fillLine(text, source.values); }, warning);
    if (!warning.empty()) lines->warnOnce(id, warning);
    return translated ? translated : marked;
}

std::vector<std::string> expressionsOf(lua_State* L, const std::string& picture) {
    std::vector<std::string> out;
    if (picture.empty()) return out;
    for (const auto& name : worldOf(L).scenery().imageNames())
        if (name.size() > picture.size() + 1 && name.compare(0, picture.size(), picture) == 0 &&
            (name[picture.size()] == '_' || name[picture.size()] == '/') && !isAnimationFrame(name))
            out.push_back(name.substr(picture.size() + 1));
    return out;
}

bool checkExpression(lua_State* L, const char* fname, const Actor& actor, const std::string& expression) {
    if (expression.empty()) return true;
    if (actor.portrait.empty() && actor.sprite.empty()) {
        bind::pushError(L, std::string(fname) + ": " + actor.id +
                               " has no portrait or sprite to change (call portrait(\"" + actor.id +
                               "\", IMAGE) or sprite(\"" + actor.id + "\", IMAGE) first)");
        return false;
    }
    auto known = expressionsOf(L, actor.portrait);
    for (const auto& name : expressionsOf(L, actor.sprite)) known.push_back(name);
    if (std::find(known.begin(), known.end(), expression) != known.end()) return true;
    const std::string& picture = actor.portrait.empty() ? actor.sprite : actor.portrait;
    bind::pushUnknownNameError(L, fname, "expression", expression, known,
                               "an expression E of " + picture + " is the image " + picture + "/E or " + picture +
                                   "_E in " + worldOf(L).scenery().imageFolders());
    return false;
}

std::vector<std::string> picturesAndFolders(const std::vector<std::string>& pictures) {
    std::vector<std::string> names = pictures;
    for (const auto& picture : pictures)
        if (auto slash = picture.find('/');
            slash != std::string::npos &&
            std::find(names.begin(), names.end(), picture.substr(0, slash)) == names.end())
            names.push_back(picture.substr(0, slash));
    return names;
}

void setPlaceOf(World& world, const Point& point) {
    if (!point.name) return;
    std::string name = point.name;
    std::size_t dot = name.find('.');
    if (dot != std::string::npos) world.scenery().setPlace(name.substr(0, dot));
}

int showStoryText(lua_State* L, const char* fname, bool waitsForPlayer) {
    const char* speaker = "";
    if (!lua_isnil(L, 1)) {
        Actor* actor = findActorArg(L, 1, fname, "speaker");
        if (!actor) return lua_error(L);
        speaker = lua_tostring(L, 1);
    }
    bind::lineTextChecked(L, 2, fname, "text");
    {
        Story& story = worldOf(L).story();
        std::string lineId;
        auto marked = markedLine(L, 2, fname, "text", text::MarkupPlace::Typed, &lineId);
        if (marked && checkCues(L, fname, worldOf(L).cast().findActor(speaker), *marked)) {
            lua_pushinteger(L, waitsForPlayer ? story.showPage(speaker, std::move(marked), lineId)
                                              : story.showLine(speaker, std::move(marked), lineId));
            return 1;
        }
    }
    return lua_error(L);
}

}  // namespace stagehand::bind
