-- A scene that never ends and never waits for anything that cannot come: a
-- headless run of it lasts as long as --seconds says (default 60).
SCENES = { { name = "forever", title = "Forever" } }

function forever()
    while true do
        wait(1)
    end
end
