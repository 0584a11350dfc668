-- A scene whose French table is malformed (strings/Broken.fr.csv, row 3 has
-- too few columns): one error line, and the scene plays in English.
function broken()
    dialogue("jackie", "Still in English.{#broken.one}")
end
