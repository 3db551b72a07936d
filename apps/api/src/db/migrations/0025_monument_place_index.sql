-- Issue 57: a new monument's neighbours within 50 m (domain/monuments/duplicates.ts) were found by
-- reading every monument: 21 ms at 50,000 on PGlite, on the event loop, with each addition. The
-- index answers the range of latitudes and filters the longitudes in it.
CREATE INDEX IF NOT EXISTS "monuments_place_idx" ON "monuments" USING btree ("lat","lng");
