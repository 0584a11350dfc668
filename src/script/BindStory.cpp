#include "script/BindStory.h"

#include <algorithm>

#include "game/SpriteFrames.h"
#include "render/ImageFiles.h"
#include "script/BindHelpers.h"
#include "script/BindWorld.h"
#include "script/LuaCompat.h"

namespace stagehand {

namespace {

using bind::checkExpression;
using bind::checkNumber;
using bind::checkString;
using bind::choicesOf;
using bind::expressionsOf;
using bind::findActorArg;
using bind::markedLine;
using bind::picturesAndFolders;
using bind::showStoryText;
using bind::worldOf;

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

int l_text(lua_State* L) {
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

int l_image(lua_State* L) {
    std::string name;
    if (!pictureArg(L, "image", name)) return lua_error(L);
    worldOf(L).scenery().setImage(name);
    return 0;
}

// The setter backdrop() gives for its transition: how far it has gone, 0..1.
int l_backdropProgress(lua_State* L) {
    worldOf(L).scenery().setTransitionProgress(static_cast<float>(lua_tonumber(L, 1)));
    return 0;
}

// backdrop(name [, transition]) -> the transition's progress setter, when
// there is one: backdrop()'s engine half; scripts/stage/story.lua tweens the
// progress from 0 to 1 through it.
int l_backdrop(lua_State* L) {
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
    if (transition == Transition::Cut) return 0;
    lua_pushvalue(L, lua_upvalueindex(1));  // the world
    lua_pushcclosure(L, l_backdropProgress, 1);
    return 1;
}

// menu({"text", ...}) -> menu id: menu()'s engine half. A headless menu without a valid
// scripted answer is an error at the script line.
int l_menu(lua_State* L) {
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

int l_jump(lua_State* L) {
    worldOf(L).recordJump(checkString(L, 1, "jump", "target"));
    return 0;
}

int l_line(lua_State* L) {
    return bind::pushLineTemplate(L);
}

// show(name, expression, fraction) -> x, y, offLeft, offRight, wasX, wasY, wasOnStage: show()'s
// engine half (StageSupport.lua checks `at` and runs the transition). A
// character with no map is its pictures: images/NAME/EXPRESSION.png. It stands
// at `fraction` of the view's width, its feet just above the dialogue box.
int l_show(lua_State* L) {
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

// frameRate(sprite, animation, fps): frameRate()'s engine half (StageSupport.lua checks the animation and
// the rate); a sprite is what sprite() takes: a picture, or a folder of them.
int l_frameRate(lua_State* L) {
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

// hide(name): hide()'s engine half, once its transition (if any) has ended.
int l_hide(lua_State* L) {
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

const luaL_Reg kStoryFunctions[] = {
    {"portrait", l_portrait},
    {"sprite", l_sprite},
    {"expression", l_expression},
    {"text", l_text},
    {"image", l_image},
    {"backdrop", l_backdrop},
    {"menu", l_menu},
    {"menuChoice", l_menuChoice},
    {"jump", l_jump},
    {"line", l_line},
    {"show", l_show},
    {"frameRate", l_frameRate},
    {"hide", l_hide},
    {"setActorOpacity", l_setActorOpacity},
    {nullptr, nullptr},
};

}  // namespace

void openStory(lua_State* L, World& world) {
    lua_pushlightuserdata(L, &world);
    luaL_openlib(L, nullptr, kStoryFunctions, 1);
}

}  // namespace stagehand
