-- luacheck configuration: scripts are Lua 5.1 (PUC and LuaJIT).
std = "lua51"
max_line_length = 120

files["spec/"] = { std = "+busted" }
-- Scene scripts run in the sandbox, whose globals the host provides.
files["scripts/Demo.lua"] = { read_globals = { "say" }, allow_defined_top = true }
