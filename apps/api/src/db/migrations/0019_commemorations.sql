-- Every commemoration the city knows, placed or not (issue 54): a street named after a person is a
-- monument of category `street`; one without a sourced place has no coordinates yet ("not yet
-- placed", never a marker). `seed_key` keeps the seed idempotent ('register:strasse_918',
-- 'public-art:new-bahr'); `namesake` holds the register's facts about whom it honours; `placement`
-- says where its point came from (the source record and how far the sources agree) or that citizens
-- placed it and staff confirmed.
ALTER TABLE "monuments" ALTER COLUMN "lat" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "monuments" ALTER COLUMN "lng" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "monuments" ADD CONSTRAINT "monuments_place_whole" CHECK (("lat" IS NULL) = ("lng" IS NULL));--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "namesake" jsonb;--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "placement" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "monuments_seed_key_idx" ON "monuments" USING btree ("seed_key");
