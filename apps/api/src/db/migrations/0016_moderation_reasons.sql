-- Issue 38: hiding by staff carries a reason its author sees; canned reasons staff edit; one list of categories.
ALTER TABLE "monuments" ADD COLUMN "moderation_reason_de" text;--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "moderation_reason_en" text;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "moderation_reason_de" text;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "moderation_reason_en" text;--> statement-breakpoint
CREATE TABLE "moderation_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"de" text NOT NULL,
	"en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The first canned reasons (docs/staff.md); staff edit them in /admin from then on. (This file's
-- first form named the city in the fourth; 0023 rewords that where it was written.)
INSERT INTO "moderation_reasons" ("de", "en") VALUES
	('Beleidigend oder herabwürdigend', 'Offensive or degrading'),
	('Werbung oder Spam', 'Advertising or spam'),
	('Doppelt: Es steht schon auf der Karte', 'A duplicate: it is already on the map'),
	('Kein Denkmal in dieser Stadt, oder am falschen Ort', 'Not a monument in this city, or in the wrong place'),
	('Enthält persönliche Daten', 'Contains personal data'),
	('Hat keinen Bezug zum Denkmal', 'Has nothing to do with the monument');--> statement-breakpoint
-- A visitor's monument starts as "undetermined" (contract: MONUMENT_CATEGORIES), no longer "Unknown".
UPDATE "monuments" SET "category" = 'undetermined' WHERE "category" = 'Unknown';
