-- A scene whose French table has a bad row (strings/Broken.fr.csv, row 3 has
-- too few columns): that row is left out with one line, the rest plays in French.
function broken()
    dialogue("jackie", "Still in English.{#broken.one}")
end
