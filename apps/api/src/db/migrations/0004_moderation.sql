CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"reporter_hash" text NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"creator_ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reports_once_per_browser" UNIQUE("item_kind","item_id","reporter_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ip_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_name_unique" UNIQUE("name"),
	CONSTRAINT "staff_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "answer_de" text;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "answer_en" text;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "merged_into" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_item_idx" ON "audit_log" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_ip_idx" ON "sign_in_attempts" USING btree ("ip_hash","at");;--> statement-breakpoint
-- The audit log is append-only: the database itself refuses to change or remove an entry.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" ("item_kind", "item_id") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
-- cast_votes (0003) as before, but a proposal that is not public (hidden, rejected, or at a
-- monument that is hidden, rejected or merged) is unknown.
CREATE OR REPLACE FUNCTION cast_votes(p_ballots jsonb, p_ip_limit integer, p_threshold integer, p_channel text)
RETURNS TABLE (r_key integer, r_outcome text, r_count integer, r_queued boolean)
LANGUAGE plpgsql AS $$
DECLARE
  b record;
  cur_id integer;
  cur_monument text;
  cur_votes integer;
  cur_dirty boolean := false;
  any_counted boolean := false;
  ip_votes integer;
  changed integer;
BEGIN
  FOR b IN
    SELECT x.k, x.i, x.m, x.v, x.ip
    FROM jsonb_to_recordset(p_ballots) AS x(k integer, i integer, m text, v text, ip text)
    ORDER BY x.i, x.k
  LOOP
    IF cur_id IS DISTINCT FROM b.i THEN
      IF cur_dirty THEN
        UPDATE interventions SET votes = cur_votes WHERE id = cur_id;
        cur_dirty := false;
      END IF;
      cur_id := b.i;
      -- Only a public proposal at a public monument takes votes; anything else is unknown (404).
      -- The row lock makes a staff rejection and a vote take turns.
      SELECT i.monument_id, i.votes INTO cur_monument, cur_votes FROM interventions i
      WHERE i.id = b.i AND i.moderation = 'visible'
        AND EXISTS (SELECT 1 FROM monuments m WHERE m.id = i.monument_id AND m.moderation = 'visible' AND m.merged_into IS NULL)
      FOR UPDATE OF i;
      IF NOT FOUND THEN
        cur_monument := NULL;
      END IF;
    END IF;
    r_key := b.k;
    r_count := NULL;
    r_queued := false;
    IF cur_monument IS DISTINCT FROM b.m THEN
      r_outcome := 'unknown';
    ELSE
      SELECT count(*)::int INTO ip_votes FROM votes
      WHERE intervention_id = b.i AND ip_hash = b.ip AND created_at > now() - interval '24 hours';
      IF ip_votes >= p_ip_limit THEN
        r_outcome := 'limited';
      ELSE
        INSERT INTO votes (intervention_id, voter_hash, ip_hash) VALUES (b.i, b.v, b.ip) ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS changed = ROW_COUNT;
        IF changed = 0 THEN
          r_outcome := 'repeat';
        ELSE
          cur_votes := cur_votes + 1;
          cur_dirty := true;
          any_counted := true;
          r_outcome := 'counted';
          r_count := cur_votes;
          IF cur_votes = p_threshold THEN
            INSERT INTO mayor_notifications (intervention_id, vote_count) VALUES (b.i, cur_votes) ON CONFLICT DO NOTHING;
            GET DIAGNOSTICS changed = ROW_COUNT;
            r_queued := changed > 0;
          END IF;
        END IF;
      END IF;
    END IF;
    RETURN NEXT;
  END LOOP;
  IF cur_dirty THEN
    UPDATE interventions SET votes = cur_votes WHERE id = cur_id;
  END IF;
  IF p_channel IS NOT NULL AND any_counted THEN
    PERFORM pg_notify(p_channel, 'interventions');
  END IF;
END
$$;
