-- Keeps 40 MB of strings in one table: refused under --memory-limit 16, built
-- under the default limit (512 MB). Strings, not numbers, so the size is the
-- same on both VMs (an array slot is 16 bytes on PUC Lua, 8 on LuaJIT).
function scene()
    local megabyte = ("x"):rep(1024 * 1024 - 64)
    local blocks = {}
    for i = 1, 40 do
        blocks[i] = megabyte .. i -- a new 1 MB string each turn, all of them kept
    end
    print("built " .. #blocks .. " blocks of 1 MB")
end
