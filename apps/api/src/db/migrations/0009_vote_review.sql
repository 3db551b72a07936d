-- Votes the mayor can trust (issue 27): each vote is counted, held (over a network limit, waits
-- for staff) or invalidated; its network is a keyed hash; a confirmed vote keeps only a keyed hash
-- of its normalised address. The rules themselves live in db/functions/votes.sql, applied after
-- the migrations on every start.
CREATE TABLE "vote_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vote_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"intervention_id" integer NOT NULL,
	"kind" text NOT NULL,
	"net_hash" text,
	"votes" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "vote_confirmations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vote_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"intervention_id" integer NOT NULL,
	"voter_hash" text NOT NULL,
	"email" text,
	"email_hash" text NOT NULL,
	"email_domain" text NOT NULL,
	"lang" text NOT NULL,
	"token_seed" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "vote_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mayor_notifications" DROP CONSTRAINT "mayor_notifications_intervention_id_unique";--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "confirmed_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mayor_notifications" ADD COLUMN "kind" text DEFAULT 'threshold' NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "net_hash" text DEFAULT 'expired' NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "status" text DEFAULT 'counted' NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "email_domain" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vote_alerts" ADD CONSTRAINT "vote_alerts_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_confirmations" ADD CONSTRAINT "vote_confirmations_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vote_alerts_open_once" ON "vote_alerts" USING btree ("intervention_id","kind",coalesce("net_hash", '')) WHERE "vote_alerts"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "vote_alerts_due_idx" ON "vote_alerts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "vote_confirmations_due_idx" ON "vote_confirmations" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_email_once" ON "votes" USING btree ("intervention_id","email_hash");--> statement-breakpoint
CREATE INDEX "votes_net_time_idx" ON "votes" USING btree ("net_hash","created_at");--> statement-breakpoint
CREATE INDEX "votes_time_idx" ON "votes" USING btree ("intervention_id","created_at");--> statement-breakpoint
ALTER TABLE "mayor_notifications" ADD CONSTRAINT "mayor_notifications_once" UNIQUE("intervention_id","kind");--> statement-breakpoint
-- The rules take new arguments (db/functions/votes.sql defines them after the migrations).
DROP FUNCTION IF EXISTS cast_votes(jsonb, integer, integer, text);
