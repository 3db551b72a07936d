CREATE TABLE "accessibility_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accessibility_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message" text NOT NULL,
	"email" text,
	"page" text,
	"creator_ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "accessibility_feedback_due_idx" ON "accessibility_feedback" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "accessibility_feedback_ip_idx" ON "accessibility_feedback" USING btree ("creator_ip_hash","created_at");