-- cast_votes (0002) as before, but it is told the NOTIFY channel (CHANGE_CHANNEL in
-- domain/read-cache.ts) instead of naming it itself, so the channel's name lives in one place.
-- A null channel means: do not announce (one instance, nobody else to tell).
DROP FUNCTION IF EXISTS cast_votes(jsonb, integer, integer, boolean);
--> statement-breakpoint
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
      SELECT monument_id, votes INTO cur_monument, cur_votes FROM interventions WHERE id = b.i FOR UPDATE;
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
