-- --check on what a translation keeps (tests/golden/lang_check_kept.txt): strings/Kept.fr.csv
-- drops each timing tag ({w} {speed} {cps} {instant}), renames a value, adds an ID and an unknown tag; Kept.en.csv lags.
function kept()
    dialogue("jackie", "Wait{w=0.5} for it.{#k.timing}")
    dialogue("jackie", line("{count} pears for {name}.{#k.values}", { count = 2, name = "Jon" }))
    dialogue("jackie", "Fine as it is.{#k.fine}")
    dialogue("jackie", "Slow{speed=0.5} down{/speed} now.{#k.speed}")
    dialogue("jackie", "Type{cps=8} this{/cps} slowly.{#k.cps}")
    dialogue("jackie", "All{instant} at once{/instant} here.{#k.instant}")
end
