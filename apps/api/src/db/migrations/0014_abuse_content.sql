CREATE TABLE "screen_allow" (
	"word" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "uploader_net_hash" text;--> statement-breakpoint
CREATE INDEX "photos_net_idx" ON "photos" USING btree ("uploader_net_hash","status");--> statement-breakpoint
-- The allow-list's first words (docs/screening.md): each contains a listed word innocently. Staff edit it from then on.
INSERT INTO "screen_allow" ("word") VALUES ('Höniggasse'), ('Spastik'), ('retardierend'), ('retardant'), ('snigger') ON CONFLICT DO NOTHING;
