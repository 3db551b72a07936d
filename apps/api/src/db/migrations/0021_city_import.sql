-- `pnpm city import` (city/import/): a street keeps its line for drawing (GeoJSON LineString or
-- MultiLineString, nullable: a monument is a point), and an imported item keeps the key it was
-- imported under and the values the import wrote, so that a refresh finds it again, adds nothing
-- twice, and leaves alone what staff have changed since (a field that differs from `imported`).
ALTER TABLE "monuments" ADD COLUMN "geometry" jsonb;
--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "import_key" text;
--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "imported" jsonb;
--> statement-breakpoint
CREATE UNIQUE INDEX "monuments_import_key_idx" ON "monuments" ("import_key");
