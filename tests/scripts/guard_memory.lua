-- A scene that holds a 64 MiB string, for tests/MutationGuards.cmake: under
-- --memory-limit 16 it must fail with "not enough memory" at its line, and
-- under the default cap (512 MB) it must run to its end.
function bigString()
    local held = ("x"):rep(64 * 1024 * 1024)
    print("held " .. #held .. " bytes")
end
