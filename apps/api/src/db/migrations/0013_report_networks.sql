ALTER TABLE "reports" ADD COLUMN "net_hash" text;--> statement-breakpoint
CREATE INDEX "votes_held_idx" ON "votes" USING btree ("intervention_id") WHERE status = 'held';