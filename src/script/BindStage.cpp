#include "script/BindStage.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "game/SpriteFrames.h"
#include "game/StageCommands.h"
#include "game/World.h"
#include "lang/Translation.h"
#include "render/ImageFiles.h"
#include "render/Utf8.h"
#include "script/BindAudio.h"
#include "script/BindHelpers.h"
#include "script/LuaCompat.h"
#include "script/ScriptContract.h"
#include "text/Markup.h"

namespace stagehand {

namespace {

constexpr double kMaxCoordinate = 1e6;
constexpr double kMaxDeadZone = 360;  // half the view's height

using bind::checkNumber;
using bind::checkString;

World& worldOf(lua_State* L) {
    World& world = *static_cast<World*>(lua_touserdata(L, lua_upvalueindex(1)));
    world.countHostCall();
    return world;
}

// "maps that did not load: bog" when any did: an actor of theirs is unknown too.
std::string mapsLeftOut(lua_State* L) {
    std::string names;
    for (const auto& failure : worldOf(L).maps().failures)
        if (!failure.map.empty()) names += (names.empty() ? "" : ", ") + failure.map;
    return names.empty() ? "" : "maps that did not load: " + names + " (their actors are unknown too)";
}

// Returns the actor named by argument `index`, or pushes an error and returns
// null. `argName` is the argument's name in scripts/ApiDescription.lua.
Actor* findActorArg(lua_State* L, int index, const char* fname, const char* argName = "actor") {
    const char* id = checkString(L, index, fname, argName);
    Actor* actor = worldOf(L).cast().findActor(id);
    if (!actor) bind::pushUnknownNameError(L, fname, "actor", id, worldOf(L).cast().actorIds(), mapsLeftOut(L));
    return actor;
}

// "down, up, left, right": the engine's names of the enum scripts type as
// `type` (src/game/StageCommands.h), as an enum error lists them.
std::string choicesOf(const std::string& type) {
    std::string listed;
    if (const auto* names = stageEnumNames(type))
        for (const auto& name : *names) listed += (listed.empty() ? "" : ", ") + name;
    return listed;
}

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

struct Point {
    Vec2 position;
    const char* name = nullptr;  // waypoint name, or null for a bare position
};

// A point is a waypoint name, or a table {x =, y = [, name =]} as waypoint() returns.
// Returns false after pushing an error.
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

int l_waypoint(lua_State* L) {
    const char* name = checkString(L, 1, "waypoint", "name");
    Point point;
    if (!readPoint(L, 1, "waypoint", point)) return lua_error(L);
    lua_createtable(L, 0, 3);
    lua_pushnumber(L, point.position.x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, point.position.y);
    lua_setfield(L, -2, "y");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "name");
    return 1;
}

// A text argument a player reads as a line (a string or a line() template),
// parsed once (src/text/Markup.h; null after pushing "fname: argName: <what is
// wrong with the markup>"); `lineId`, when given, receives its line ID (its {#ID}, else the
// automatic one: lang::lineIdOf). Call bind::lineTextChecked first.
std::shared_ptr<const text::MarkedText> markedLine(lua_State* L, int index, const char* fname, const char* argName,
                                                   text::MarkupPlace place, std::string* lineId = nullptr) {
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

// The expression images of a portrait or sprite: "keeper" has "worried" when
// keeper_worried or keeper/worried is an image.
std::vector<std::string> expressionsOf(lua_State* L, const std::string& picture) {
    std::vector<std::string> out;
    if (picture.empty()) return out;
    for (const auto& name : worldOf(L).scenery().imageNames())
        if (name.size() > picture.size() + 1 && name.compare(0, picture.size(), picture) == 0 &&
            (name[picture.size()] == '_' || name[picture.size()] == '/') && !isAnimationFrame(name))
            out.push_back(name.substr(picture.size() + 1));
    return out;
}

// Pushes an error unless `expression` is one of the actor's portrait's or sprite's ("" always is).
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

int l_say(lua_State* L) {
    Actor* actor = findActorArg(L, 1, "say");
    if (!actor) return lua_error(L);
    double seconds = bind::optSeconds(L, 3, "say", "seconds", -1);
    bind::lineTextChecked(L, 2, "say", "text");
    {
        auto marked = markedLine(L, 2, "say", "text", text::MarkupPlace::Shown);
        if (marked) {
            worldOf(L).soundtrack().babble(actor->id, static_cast<int>(marked->length));
            worldOf(L).cast().say(*actor, std::move(marked), static_cast<float>(seconds));
            return 0;
        }
    }
    return lua_error(L);
}

int l_portrait(lua_State* L) {
    Actor* actor = findActorArg(L, 1, "portrait");
    if (!actor) return lua_error(L);
    const char* image = lua_isnoneornil(L, 2) ? "" : checkString(L, 2, "portrait", "image");
    const auto& known = worldOf(L).scenery().imageNames();
    if (*image && std::find(known.begin(), known.end(), image) == known.end()) {
        std::string where = "images are in " + worldOf(L).scenery().imageFolders() + " (NAME.png)";
        bind::pushUnknownNameError(L, "portrait", "image", image, known, where.c_str());
        return lua_error(L);
    }
    worldOf(L).cast().setPortrait(*actor, image);
    return 0;
}

// The names a sprite or a backdrop may take, for a did-you-mean: the pictures and their folders.
std::vector<std::string> picturesAndFolders(const std::vector<std::string>& pictures) {
    std::vector<std::string> names = pictures;
    for (const auto& picture : pictures)
        if (auto slash = picture.find('/');
            slash != std::string::npos &&
            std::find(names.begin(), names.end(), picture.substr(0, slash)) == names.end())
            names.push_back(picture.substr(0, slash));
    return names;
}

// sprite(actor, name): a picture, or a folder of pictures (images/ada/...), as the actor's body.
int l_sprite(lua_State* L) {
    Actor* actor = findActorArg(L, 1, "sprite");
    if (!actor) return lua_error(L);
    std::string name = lua_isnoneornil(L, 2) ? "" : checkString(L, 2, "sprite", "image");
    const auto& known = worldOf(L).scenery().imageNames();
    bool found = name.empty() || std::any_of(known.begin(), known.end(), [&](const std::string& picture) {
                     return picture == name || picture.compare(0, name.size() + 1, name + "/") == 0;
                 });
    if (!found) {
        std::vector<std::string> choices = picturesAndFolders(known);
        std::string where = "a sprite is an image, or a folder of them, in " + worldOf(L).scenery().imageFolders() +
                            " (NAME.png, or NAME/neutral.png and NAME/EXPRESSION.png)";
        bind::pushUnknownNameError(L, "sprite", "image", name, choices, where.c_str());
        return lua_error(L);
    }
    worldOf(L).cast().setSprite(*actor, name);
    return 0;
}

int l_expression(lua_State* L) {
    Actor* actor = findActorArg(L, 1, "expression");
    if (!actor) return lua_error(L);
    const char* expression = lua_isnoneornil(L, 2) ? "" : checkString(L, 2, "expression", "name");
    if (!checkExpression(L, "expression", *actor, expression)) return lua_error(L);
    worldOf(L).cast().setExpression(*actor, expression);
    return 0;
}

// showLine and showPage: one binding body; `fname` is the scene function
// whose errors these are (dialogue or text).
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

int l_showLine(lua_State* L) {
    return showStoryText(L, "dialogue", false);
}

int l_showPage(lua_State* L) {
    return showStoryText(L, "text", true);
}

// A picture's name (or nil: "") as argument 1 of `fname`; false with the
// error pushed when no picture has that name.
bool pictureArg(lua_State* L, const char* fname, std::string& name) {
    name = lua_isnoneornil(L, 1) ? "" : checkString(L, 1, fname, "name");
    const auto& known = worldOf(L).scenery().imageNames();
    if (name.empty() || std::find(known.begin(), known.end(), name) != known.end()) return true;
    std::string where = std::string("images are ") + kImageFormatsText + " files in " +
                        worldOf(L).scenery().imageFolders() + " (NAME.png)";
    bind::pushUnknownNameError(L, fname, "image", name, known, where.c_str());
    return false;
}

int l_setImage(lua_State* L) {
    std::string name;
    if (!pictureArg(L, "image", name)) return lua_error(L);
    worldOf(L).scenery().setImage(name);
    return 0;
}

// setBackdrop(name [, transition]): backdrop()'s picture; StageSupport.lua
// checks the transition and tweens it (setBackdropTransition).
int l_setBackdrop(lua_State* L) {
    std::string name = lua_isnoneornil(L, 1) ? "" : checkString(L, 1, "backdrop", "name");
    const auto& known = worldOf(L).scenery().imageNames();
    if (!name.empty() && !isBackdropName(name, known)) {
        std::vector<std::string> choices = picturesAndFolders(known);
        std::string where = std::string("images are ") + kImageFormatsText + " files in " +
                            worldOf(L).scenery().imageFolders() +
                            " (NAME.png; a backdrop may be a folder of layers: NAME/0.2-sky.png, NAME/1-ground.png)";
        bind::pushUnknownNameError(L, "backdrop", "image", name, choices, where.c_str());
        return lua_error(L);
    }
    Transition transition = Transition::Cut;
    if (!lua_isnoneornil(L, 2)) {
        const char* how = checkString(L, 2, "backdrop", "transition");
        auto parsed = parseTransition(how);
        if (!parsed) {
            bind::pushError(L, std::string("backdrop: transition must be one of ") + choicesOf("transition") +
                                   ". Was \"" + how + "\"");
            return lua_error(L);
        }
        transition = *parsed;
    }
    worldOf(L).scenery().setBackdropPicture(name, transition);
    return 0;
}

int l_setBackdropTransition(lua_State* L) {
    worldOf(L).scenery().setTransitionProgress(static_cast<float>(lua_tonumber(L, 1)));
    return 0;
}

// showMenu({"text", ...}) -> menu id. A headless menu without a valid
// scripted answer is an error at the script line.
int l_showMenu(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int count = static_cast<int>(lua_objlen(L, 1));
    for (int i = 1; i <= count; ++i) {
        lua_rawgeti(L, 1, i);
        bind::lineTextChecked(L, -1, "menu", "an option's text");
        lua_pop(L, 1);
    }
    int id = 0;
    {
        std::vector<std::shared_ptr<const text::MarkedText>> options;
        std::vector<std::string> lineIds(static_cast<std::size_t>(count));
        for (int i = 1; i <= count; ++i) {
            lua_rawgeti(L, 1, i);
            options.push_back(markedLine(L, -1, "menu", "an option's text", text::MarkupPlace::Shown,
                                         &lineIds[static_cast<std::size_t>(i - 1)]));
            if (!options.back()) break;  // the error is on the stack, above the option
            lua_pop(L, 1);
        }
        std::string error;
        if (options.empty() || options.back()) {
            id = worldOf(L).story().showMenu(std::move(options), error, std::move(lineIds));
            if (id == 0) bind::pushError(L, "menu: " + error);
        }
    }
    if (id == 0) return lua_error(L);
    lua_pushinteger(L, id);
    return 1;
}

int l_menuChoice(lua_State* L) {
    lua_pushinteger(L, worldOf(L).story().menuChoice(static_cast<int>(checkNumber(L, 1, "menuChoice", "id"))));
    return 1;
}

int l_recordJump(lua_State* L) {
    worldOf(L).recordJump(checkString(L, 1, "jump", "target"));
    return 0;
}

int l_banner(lua_State* L) {
    double seconds = bind::optSeconds(L, 2, "banner", "seconds", 1.0);
    bind::lineTextChecked(L, 1, "banner", "text");
    {
        auto marked = markedLine(L, 1, "banner", "text", text::MarkupPlace::Shown);
        if (marked) {
            worldOf(L).scenery().showBanner(std::move(marked), static_cast<float>(seconds));
            return 0;
        }
    }
    return lua_error(L);
}

int l_line(lua_State* L) {
    return bind::pushLineTemplate(L);
}

int l_isLineFinished(lua_State* L) {
    lua_pushboolean(L, worldOf(L).story().isLineFinished(static_cast<int>(checkNumber(L, 1, "isLineFinished", "id"))));
    return 1;
}

int l_fade(lua_State* L) {
    const char* kindName = checkString(L, 1, "fade", "kind");
    double seconds = bind::optSeconds(L, 2, "fade", "seconds", 1.0);
    auto kind = parseFadeKind(kindName);
    if (!kind) {
        bind::pushError(L, "fade: kind must be one of " + choicesOf("fadeKind") + ". Was \"" + kindName + "\"");
        return lua_error(L);
    }
    worldOf(L).scenery().startFade(*kind, seconds);
    return 0;
}

int l_flash(lua_State* L) {
    double seconds = bind::optSeconds(L, 1, "flash", "seconds", 0.6);
    worldOf(L).scenery().startFade(FadeKind::Flash, seconds);
    return 0;
}

// "harbour.camera": the camera is at the harbour, whose backdrop shows.
void setPlaceOf(World& world, const Point& point) {
    if (!point.name) return;
    std::string name = point.name;
    std::size_t dot = name.find('.');
    if (dot != std::string::npos) world.scenery().setPlace(name.substr(0, dot));
}

int l_setCameraCenter(lua_State* L) {
    Point point;
    if (!readPoint(L, 1, "setCameraCenter", point)) return lua_error(L);
    World& world = worldOf(L);
    world.camera().follow("", 0);  // put somewhere, it stops following
    world.camera().setCenter(point.position);
    setPlaceOf(world, point);
    return 0;
}

// followCamera(actor [, deadZone]) or followCamera(nil).
int l_followCamera(lua_State* L) {
    if (lua_isnoneornil(L, 1)) {
        worldOf(L).camera().follow("", 0);
        return 0;
    }
    Actor* actor = findActorArg(L, 1, "followCamera");
    if (!actor) return lua_error(L);
    double deadZone = bind::optNumber(L, 2, "followCamera", "deadZone", 80);
    if (deadZone < 0 || deadZone > kMaxDeadZone) {
        // the words --check uses for ApiDescription.lua's range; a plain buffer: raising skips destructors
        char message[96];
        std::snprintf(message, sizeof message, "deadZone must be a number from 0 to %g. Was %.14g", kMaxDeadZone,
                      deadZone);
        bind::raise(L, "followCamera", message);
    }
    worldOf(L).camera().follow(actor->id, static_cast<float>(deadZone));
    return 0;
}

// The stage library's own (tweens, camera moves, shakes): internal names.
// cameraState() -> x, y, zoom, followed actor or nil.
int l_cameraState(lua_State* L) {
    const Camera& camera = worldOf(L).camera();
    lua_pushnumber(L, camera.center().x);
    lua_pushnumber(L, camera.center().y);
    lua_pushnumber(L, camera.zoom());
    if (camera.following().empty())
        lua_pushnil(L);
    else
        lua_pushstring(L, camera.following().c_str());
    return 4;
}

int l_setCameraStep(lua_State* L) {
    Camera& camera = worldOf(L).camera();
    if (!lua_isnil(L, 1))
        camera.setCenter({static_cast<float>(lua_tonumber(L, 1)), static_cast<float>(lua_tonumber(L, 2))});
    if (!lua_isnoneornil(L, 3)) camera.setZoom(static_cast<float>(lua_tonumber(L, 3)));
    return 0;
}

int l_setCameraShake(lua_State* L) {
    worldOf(L).camera().setShakeOffset(
        {static_cast<float>(lua_tonumber(L, 1)), static_cast<float>(lua_tonumber(L, 2))});
    return 0;
}

// The map a waypoint name belongs to becomes the camera's place.
int l_setCameraPlaceOf(lua_State* L) {
    Point point;
    point.name = lua_tostring(L, 1);
    if (point.name) setPlaceOf(worldOf(L), point);
    return 0;
}

// point(p) -> x, y: a waypoint name or a point table, checked as `fname` would.
int l_pointOf(lua_State* L) {
    Point point;
    if (!readPoint(L, 1, luaL_optstring(L, 2, "point"), point)) return lua_error(L);
    lua_pushnumber(L, point.position.x);
    lua_pushnumber(L, point.position.y);
    return 2;
}

int l_isActor(lua_State* L) {
    lua_pushboolean(L, lua_type(L, 1) == LUA_TSTRING && worldOf(L).cast().findActor(lua_tostring(L, 1)) != nullptr);
    return 1;
}

// showOnStage(name, expression, fraction) -> x, y, offLeft, offRight, wasX, wasY, wasOnStage: show()'s
// engine half (StageSupport.lua checks `at` and runs the transition). A
// character with no map is its pictures: images/NAME/EXPRESSION.png. It stands
// at `fraction` of the view's width, its feet just above the dialogue box.
int l_showOnStage(lua_State* L) {
    const std::string name = checkString(L, 1, "show", "name");
    const std::string expression = lua_isnoneornil(L, 2) ? "neutral" : checkString(L, 2, "show", "expression");
    const double fraction = luaL_checknumber(L, 3);
    World& world = worldOf(L);
    const auto& pictures = world.scenery().imageNames();
    Actor* known = world.cast().findActor(name);
    const std::string sprite = known && !known->sprite.empty() ? known->sprite : name;
    const bool hasFolder = std::any_of(pictures.begin(), pictures.end(), [&](const std::string& picture) {
        return picture.compare(0, sprite.size() + 1, sprite + "/") == 0;
    });
    if (!hasFolder && !known) {
        std::vector<std::string> choices = world.cast().actorIds();
        for (const auto& folder : picturesAndFolders(pictures))
            if (folder.find('/') == std::string::npos) choices.push_back(folder);
        const std::string where = "a character is an actor of a map, or its pictures alone: " + name +
                                  "/neutral.png (and " + name + "/EXPRESSION.png) in " + world.scenery().imageFolders();
        bind::pushUnknownNameError(L, "show", "character", name, choices, where.c_str());
        return lua_error(L);
    }
    const auto faces = expressionsOf(L, sprite);
    if (expression != "neutral" && std::find(faces.begin(), faces.end(), expression) == faces.end()) {
        bind::pushUnknownNameError(
            L, "show", "expression", expression, faces,
            ("an expression E of " + name + " is the picture " + sprite + "/E in " + world.scenery().imageFolders())
                .c_str());
        return lua_error(L);
    }
    const Camera& camera = world.camera();
    const Vec2 centre = camera.center();
    const float zoom = camera.zoom();
    const Vec2 was = known ? known->position : Vec2{};
    const bool wasOnStage = known && known->active;
    constexpr float kFeet = screen::kDialogueTop - 30;  // the feet's place in the view: the sprite ends above the box
    const Vec2 at{centre.x + static_cast<float>(fraction - 0.5) * screen::kWidth / zoom,
                  centre.y + (kFeet - screen::kHeight / 2) / zoom};
    world.cast().show(name, expression, at);
    const float off = (screen::kWidth / 2 + 90) / zoom;  // past the view's edge, its picture too
    for (float value : {at.x, at.y, centre.x - off, centre.x + off, was.x, was.y}) lua_pushnumber(L, value);
    lua_pushboolean(L, wasOnStage);
    return 7;
}

// setFrameRate(sprite, animation, fps): frameRate()'s engine half (StageSupport.lua checks the animation and
// the rate); a sprite is what sprite() takes: a picture, or a folder of them.
int l_setFrameRate(lua_State* L) {
    const std::string sprite = checkString(L, 1, "frameRate", "sprite");
    const auto known = picturesAndFolders(worldOf(L).scenery().imageNames());
    if (std::find(known.begin(), known.end(), sprite) == known.end()) {
        bind::pushUnknownNameError(
            L, "frameRate", "sprite", sprite, known,
            ("a sprite is a picture, or a folder of them, in " + worldOf(L).scenery().imageFolders()).c_str());
        return lua_error(L);
    }
    worldOf(L).cast().setFrameRate(sprite, luaL_checkstring(L, 2), static_cast<float>(luaL_checknumber(L, 3)));
    return 0;
}

// hideFromStage(name): hide()'s engine half, once its transition (if any) has ended.
int l_hideFromStage(lua_State* L) {
    Actor* actor = findActorArg(L, 1, "hide", "name");
    if (!actor) return lua_error(L);
    worldOf(L).cast().hide(*actor);
    return 0;
}

int l_setActorOpacity(lua_State* L) {
    if (Actor* actor = worldOf(L).cast().findActor(luaL_checkstring(L, 1)))
        actor->opacity = std::clamp(static_cast<float>(lua_tonumber(L, 2)), 0.0f, 1.0f);
    return 0;
}

int l_fadeLevel(lua_State* L) {
    lua_pushnumber(L, worldOf(L).scenery().fadeOverlayAlpha());
    return 1;
}

int l_setFadeLevel(lua_State* L) {
    worldOf(L).scenery().setFadeLevel(static_cast<float>(lua_tonumber(L, 1)));
    return 0;
}

int l_pictureOpacity(lua_State* L) {
    lua_pushnumber(L, worldOf(L).scenery().imageOpacity());
    return 1;
}

int l_setPictureOpacity(lua_State* L) {
    worldOf(L).scenery().setImageOpacity(static_cast<float>(lua_tonumber(L, 1)));
    return 0;
}

int l_setActorStep(lua_State* L) {
    Actor* actor = worldOf(L).cast().findActor(luaL_checkstring(L, 1));
    if (actor)
        worldOf(L).cast().setPosition(*actor,
                                      {static_cast<float>(lua_tonumber(L, 2)), static_cast<float>(lua_tonumber(L, 3))});
    return 0;
}

// recordStageEvent(name, key, value, ...): a transcript event of the stage
// library's (tween, tween_end, shake, ...), stamped now; values are strings.
int l_recordStageEvent(lua_State* L) {
    TranscriptEvent e;
    e.name = luaL_checkstring(L, 1);
    for (int i = 2; i + 1 <= lua_gettop(L); i += 2) e.with(luaL_checkstring(L, i), luaL_checkstring(L, i + 1));
    worldOf(L).recordMechanic(std::move(e));
    return 0;
}

// print(...) writes to the transcript, so headless runs and tests see it.
int l_print(lua_State* L) {
    int n = lua_gettop(L);
    lua_getglobal(L, "tostring");
    for (int i = 1; i <= n; ++i) {
        if (i > 1) lua_pushliteral(L, "\t");
        lua_pushvalue(L, n + 1);
        lua_pushvalue(L, i);
        lua_call(L, 1, 1);  // may raise from a __tostring: no C++ objects are alive yet
    }
    lua_concat(L, n > 0 ? 2 * n - 1 : 0);
    bind::textChecked(L, -1, "print", "the printed text");
    worldOf(L).note("print", bind::readableText(L, -1));
    return 0;
}

// --- The engine's commands (src/game/StageCommands.h), bound by their description ---

// Argument `index` as the description's `type` makes it; false after pushing
// the error (nothing raises here: the caller holds C++ objects).
bool readDescribedArg(lua_State* L, int index, const char* fname, const char* argName, const std::string& type,
                      bool mayBeLeftOut, StageArg& arg) {
    if (mayBeLeftOut && lua_isnoneornil(L, index)) return true;
    arg.given = true;
    const std::vector<std::string>* choices = stageEnumNames(type);
    if (type == "number") {
        arg.number = lua_tonumber(L, index);
        bool finite = lua_type(L, index) == LUA_TNUMBER && std::isfinite(arg.number);
        if (!finite) bind::pushBadArgument(L, index, fname, argName, "a finite number");
        return finite;
    }
    if (type == "point") {
        Point point;
        if (!readPoint(L, index, fname, point)) return false;
        arg.point = point.position;
        arg.word = pointLabel(point);
        return true;
    }
    if (type != "actor" && type != "string" && !choices) {
        bind::pushError(L, std::string(fname) + ": " + argName + ": the engine takes no argument of type " + type);
        return false;
    }
    if (lua_type(L, index) != LUA_TSTRING) {
        bind::pushBadArgument(L, index, fname, argName, "a string");
        return false;
    }
    arg.word = lua_tostring(L, index);
    if (type == "actor") {
        arg.actor = worldOf(L).cast().findActor(arg.word);
        if (!arg.actor)
            bind::pushUnknownNameError(L, fname, "actor", arg.word, worldOf(L).cast().actorIds(), mapsLeftOut(L));
        return arg.actor != nullptr;
    }
    if (!choices || std::find(choices->begin(), choices->end(), arg.word) != choices->end()) return true;
    bind::pushError(
        L, std::string(fname) + ": " + argName + " must be one of " + choicesOf(type) + ". Was \"" + arg.word + "\"");
    return false;
}

// A command's binding: the world and the index of its command are upvalues
// 1 and 2; its arguments' names and types are its entry's in
// scripts/ApiDescription.lua (kept in the registry by the host).
int l_stageCommand(lua_State* L) {
    const StageCommand& command = stageCommands()[static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(2)))];
    // An argument left out is read from this nil: the slots above the ones given hold the description's
    // tables pushed below (setPlayer() read one and said "Was table").
    const int given = lua_gettop(L);
    lua_pushnil(L);
    const int leftOut = given + 1;
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kApiDescription);
    if (lua_istable(L, -1)) lua_getfield(L, -1, "byName");
    if (lua_istable(L, -1)) lua_getfield(L, -1, command.name);
    if (lua_istable(L, -1)) lua_getfield(L, -1, "params");
    if (!lua_istable(L, -1)) return luaL_error(L, "%s is not described in scripts/ApiDescription.lua", command.name);
    int params = lua_gettop(L);
    int count = static_cast<int>(lua_objlen(L, params));
    bool ok = true;
    int results = 0;
    {
        std::vector<StageArg> args(static_cast<std::size_t>(count));
        for (int i = 1; ok && i <= count; ++i) {
            lua_rawgeti(L, params, i);
            int param = lua_gettop(L);
            lua_getfield(L, param, "name");
            lua_getfield(L, param, "type");
            lua_getfield(L, param, "opt");
            lua_getfield(L, param, "orNil");
            bool mayBeLeftOut = lua_toboolean(L, -1) || lua_toboolean(L, -2);
            const char* argName = lua_tostring(L, param + 1);
            std::string type = lua_tostring(L, param + 2);
            ok = readDescribedArg(L, i <= given ? i : leftOut, command.name, argName ? argName : "?", type,
                                  mayBeLeftOut, args[static_cast<std::size_t>(i - 1)]);
            if (ok) lua_settop(L, params);  // else the error stays on top
        }
        if (ok) {
            std::vector<StageValue> values = command.run(worldOf(L), args);
            for (const auto& value : values) {
                if (const bool* flag = std::get_if<bool>(&value))
                    lua_pushboolean(L, *flag);
                else if (const double* number = std::get_if<double>(&value))
                    lua_pushnumber(L, *number);
                else
                    lua_pushstring(L, std::get<std::string>(value).c_str());
            }
            results = static_cast<int>(values.size());
        }
    }
    return ok ? results : lua_error(L);
}

const luaL_Reg kStageFunctions[] = {
    {"waypoint", l_waypoint},
    {"say", l_say},
    {"portrait", l_portrait},
    {"expression", l_expression},
    {"sprite", l_sprite},
    {"showLine", l_showLine},
    {"isLineFinished", l_isLineFinished},
    {"showPage", l_showPage},
    {"setImage", l_setImage},
    {"setBackdrop", l_setBackdrop},
    {"setBackdropTransition", l_setBackdropTransition},
    {"showMenu", l_showMenu},
    {"menuChoice", l_menuChoice},
    {"recordJump", l_recordJump},
    {"banner", l_banner},
    {"line", l_line},
    {"fade", l_fade},
    {"flash", l_flash},
    {"setCameraCenter", l_setCameraCenter},
    {"followCamera", l_followCamera},
    {"cameraState", l_cameraState},
    {"setCameraStep", l_setCameraStep},
    {"setCameraShake", l_setCameraShake},
    {"setCameraPlaceOf", l_setCameraPlaceOf},
    {"pointOf", l_pointOf},
    {"isActor", l_isActor},
    {"showOnStage", l_showOnStage},
    {"hideFromStage", l_hideFromStage},
    {"setFrameRate", l_setFrameRate},
    {"setActorOpacity", l_setActorOpacity},
    {"fadeLevel", l_fadeLevel},
    {"setFadeLevel", l_setFadeLevel},
    {"pictureOpacity", l_pictureOpacity},
    {"setPictureOpacity", l_setPictureOpacity},
    {"setActorStep", l_setActorStep},
    {"recordStageEvent", l_recordStageEvent},
    {"print", l_print},
    {nullptr, nullptr},
};

}  // namespace

void openStage(lua_State* L, World& world) {
    lua_newtable(L);
    lua_pushlightuserdata(L, &world);
    luaL_openlib(L, nullptr, kStageFunctions, 1);
    const auto& commands = stageCommands();
    for (std::size_t i = 0; i < commands.size(); ++i) {
        lua_pushlightuserdata(L, &world);
        lua_pushinteger(L, static_cast<lua_Integer>(i));
        lua_pushcclosure(L, l_stageCommand, 2);
        lua_setfield(L, -2, commands[i].name);
    }
    openAudio(L, world);
}

}  // namespace stagehand
