-- Issue 55: any city runs the map. The first form of 0016 wrote a canned reason that named the city
-- ("Kein Denkmal in <city>, oder am falschen Ort"); where staff have not reworded it, it now names no
-- city (a city's staff may name theirs in /admin). 0016 now writes this text itself.
UPDATE "moderation_reasons"
SET "de" = 'Kein Denkmal in dieser Stadt, oder am falschen Ort', "en" = 'Not a monument in this city, or in the wrong place'
WHERE "de" ~ '^Kein Denkmal in [^ ,]+, oder am falschen Ort$' AND "en" ~ '^Not a monument in [^ ,]+, or in the wrong place$';
