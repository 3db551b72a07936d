CREATE TABLE "status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"intervention_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_history_intervention_idx" ON "status_history" USING btree ("intervention_id","at");--> statement-breakpoint
-- An answer given before the history existed is its one known entry: its status on the day it was given, without a note.
INSERT INTO "status_history" ("intervention_id", "status", "note", "at")
  SELECT "id", "status", NULL, "answered_at" FROM "interventions" WHERE "answered_at" IS NOT NULL;
