-- --check on what a translation keeps (tests/golden/lang_check_kept.txt): strings/Kept.fr.csv
-- drops a pause, renames a value, writes an ID tag and an unknown tag; strings/Kept.en.csv, the source table, is behind the script.
function kept()
    dialogue("jackie", "Wait{w=0.5} for it.{#k.timing}")
    dialogue("jackie", line("{count} pears for {name}.{#k.values}", { count = 2, name = "Jon" }))
    dialogue("jackie", "Fine as it is.{#k.fine}")
end
