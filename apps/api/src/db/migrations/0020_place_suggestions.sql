-- "Wo ist das?" (issue 54): a citizen's suggestion where a commemoration without a place stands.
-- It waits for staff (decision open); staff confirm one (the monument gets its place) or reject them.
-- The address is kept only to tell the suggester once it is placed: the row is then a mail of the
-- outbox (status, attempts, lease: mail/outbox.ts), and the address is cleared once it is sent.
CREATE TABLE "place_suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"monument_id" text NOT NULL REFERENCES "monuments"("id"),
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"note" text,
	"email" text,
	"lang" text DEFAULT 'de' NOT NULL,
	"creator_ip_hash" text NOT NULL,
	"creator_voter_hash" text,
	"net_hash" text NOT NULL,
	"moderation" text DEFAULT 'visible' NOT NULL,
	"decision" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"status" text DEFAULT 'none' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text
);--> statement-breakpoint
CREATE INDEX "place_suggestions_monument_idx" ON "place_suggestions" USING btree ("monument_id","decision");--> statement-breakpoint
CREATE INDEX "place_suggestions_creator_idx" ON "place_suggestions" USING btree ("creator_ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "place_suggestions_mail_idx" ON "place_suggestions" USING btree ("status","next_attempt_at");
