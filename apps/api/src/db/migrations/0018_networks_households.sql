-- Issue 56. A vote's wider network (an IPv6 /48, an IPv4 /24: config.ts ADDRESS_PREFIXES.area)
-- beside its /56, so that the mayor's mail waits for staff when its votes concentrate in few /48s;
-- 'expired' after RETENTION_DAYS as net_hash.
ALTER TABLE "votes" ADD COLUMN "area_hash" text DEFAULT 'expired' NOT NULL;
--> statement-breakpoint
-- Writes counted per household (/56) and per area (/48), besides per connection (domain/limits.ts):
-- keyed hashes under the server secret, kept a day.
CREATE TABLE "write_marks" (
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "write_marks_key_idx" ON "write_marks" USING btree ("key","at");
--> statement-breakpoint
-- The household that asked for a mail to an inbox: a stranger's asks use up the stranger's share of
-- that inbox's daily mails, not the owner's (domain/follows/follows.ts).
ALTER TABLE "follow_requests" ADD COLUMN "net_hash" text;
--> statement-breakpoint
CREATE INDEX "follow_requests_email_net_idx" ON "follow_requests" USING btree ("email_hash","net_hash","at");
