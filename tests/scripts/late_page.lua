-- A page the player turns only after the default 60 s (tests/replays/late_page.txt):
-- a headless replay must run to the recording's end to see the scene end.
function latePage()
    text("Take your time.")
    text("Turned at last.")
    fade("out", 0.5)
end
