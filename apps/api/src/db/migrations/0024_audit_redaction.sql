-- The audit log stays append-only, with one exception (docs/staff.md, "Removing personal data"): a
-- redaction, in a transaction that says so (SET LOCAL denkmal.audit_redaction = 'on'), may rewrite
-- the values an entry recorded, and nothing else of it. The redaction is itself a new entry.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('denkmal.audit_redaction', true) = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor = OLD.actor AND NEW.action = OLD.action
     AND NEW.item_kind = OLD.item_kind AND NEW.item_id = OLD.item_id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END
$$;
