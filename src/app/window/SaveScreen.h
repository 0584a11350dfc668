// The save/load screen (F6 saves, F7 loads, or "Save / Load" in the pause
// overlay): twelve slots, each with its thumbnail, the scene's title, the
// time played and the date, or "empty", or "damaged" and why. Keyboard,
// mouse and pad each do everything: arrows or the d-pad move (Up from the top
// row reaches the Save and Load tabs; Tab switches them), Enter, A or a click
// saves or loads, Escape, B or Start closes. Saving over a save asks for a
// second press. The scene does not run while it is open.
#pragma once

#include <string>
#include <vector>

#include "app/run/SaveSlots.h"
#include "app/window/PlayerSettings.h"
#include "platform/Input.h"
#include "render/Batch2D.h"
#include "render/ImageCache.h"
#include "render/TextRenderer.h"
#include "render/ViewLayout.h"

namespace stagehand {

class SaveScreen {
public:
    enum class Mode { Save, Load };
    enum class Action { None, Close, Save, Load };

    void open(Mode mode, std::vector<SlotInfo> slots);
    void close() { open_ = false; }
    bool isOpen() const { return open_; }
    // The slots again (after a save), keeping the selection.
    void refresh(std::vector<SlotInfo> slots) { slots_ = std::move(slots); }

    Action handle(const InputEvent& event, const ViewLayout& layout);
    // In the player's text size and, with high contrast, on black in white and yellow.
    void draw(Batch2D& batch, TextRenderer& text, ImageCache& images, const ViewLayout& layout,
              const PlayerSettings& settings, bool padHints) const;

    Mode mode() const { return mode_; }
    int selectedSlot() const { return selected_ + 1; }  // 1-based; 0 with the tabs focused
    const SlotInfo& slot(int number) const { return slots_.at(static_cast<std::size_t>(number - 1)); }
    // The line under the slots: what the last press did or why it could not.
    void setMessage(std::string message) { message_ = std::move(message); }
    const std::string& message() const { return message_; }

private:
    Action activate();
    int slotAt(float viewX, float viewY) const;
    int tabAt(float viewX, float viewY) const;  // 0 save, 1 load, -1 none

    bool open_ = false;
    Mode mode_ = Mode::Load;
    std::vector<SlotInfo> slots_;
    int selected_ = 0;     // 0-based slot, or -1: the tabs
    int confirming_ = -1;  // the slot a first press asked to save over
    std::string message_;
};

}  // namespace stagehand
