-- A scene that never waits, for the watchdog checks of tests/MutationGuards.cmake:
-- the watchdog must stop it at line 4 after its budget, named in the message.
function runaway()
    while true do end
end
