-- Issue 55: any city runs the map. The canned reason 0016 wrote named Linz; where staff have not
-- reworded it, it now names no city (a city's staff may name theirs in /admin).
UPDATE "moderation_reasons"
SET "de" = 'Kein Denkmal in dieser Stadt, oder am falschen Ort', "en" = 'Not a monument in this city, or in the wrong place'
WHERE "de" = 'Kein Denkmal in Linz, oder am falschen Ort' AND "en" = 'Not a monument in Linz, or in the wrong place';
