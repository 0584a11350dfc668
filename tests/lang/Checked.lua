-- --check on string tables (tests/golden/lang_check.txt): strings/Checked.fr.csv
-- has a good row, an empty one, a stale one, one that lost a signal, one with
-- bad markup and one whose ID is gone; one line has no row at all.
function checked()
    local bell = runProcess(waitSignal, "bell")
    dialogue("jackie", "All good.{#c.good}")
    dialogue("jackie", "No row for me.{#c.missing}")
    dialogue("jackie", "Empty in the table.{#c.empty}")
    dialogue("jackie", "Edited since it was translated.{#c.stale}")
    dialogue("jackie", "Listen{signal=bell} now.{#c.tags}") -- check: ignore (the process above waits on it)
    dialogue("jackie", line("{count} apples.{#c.markup}", { count = 2 }))
    waitProcess(bell)
end
