SCENES = { "main" }
local setup = { ready = false }
error(setup)

function main() end
