CREATE TABLE "follow_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"follow_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "follow_mails_once_per_event" UNIQUE("follow_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "follow_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_hash" text NOT NULL,
	"voter_hash" text NOT NULL,
	"email_hash" text NOT NULL,
	"mailed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"intervention_id" integer NOT NULL,
	"email" text NOT NULL,
	"email_hash" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"unsubscribe_token_hash" text NOT NULL,
	"token_seed" text NOT NULL,
	"voter_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"final_at" timestamp with time zone,
	CONSTRAINT "follows_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "follows_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash"),
	CONSTRAINT "follows_once_per_address" UNIQUE("intervention_id","email_hash")
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"intervention_id" integer NOT NULL,
	"voter_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_intervention_id_voter_hash_pk" PRIMARY KEY("intervention_id","voter_hash")
);
--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "creator_voter_hash" text;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follow_mails" ADD CONSTRAINT "follow_mails_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_mails_due_idx" ON "follow_mails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "follow_requests_ip_idx" ON "follow_requests" USING btree ("ip_hash","at");--> statement-breakpoint
CREATE INDEX "follow_requests_voter_idx" ON "follow_requests" USING btree ("voter_hash","at");--> statement-breakpoint
CREATE INDEX "follow_requests_email_idx" ON "follow_requests" USING btree ("email_hash","at");--> statement-breakpoint
CREATE INDEX "follows_email_idx" ON "follows" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "follows_voter_idx" ON "follows" USING btree ("voter_hash");--> statement-breakpoint
CREATE INDEX "watches_voter_idx" ON "watches" USING btree ("voter_hash");