-- --check: menu and jump targets that name no story function (tests/OutputChecks.cmake).
SCENES = { "start" }

function start()
    option("Go left", "left_path")
    option("Go right", "rigth_path")
    menu()
end

function left_path()
    jump "ending"
end

function right_path()
    jump("endnig")
end

function ending()
    text("The end.")
end
