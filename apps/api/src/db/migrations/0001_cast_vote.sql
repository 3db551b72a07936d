-- One vote in one round trip: the advisory lock per connection (IP hash) and proposal makes
-- overlapping votes from one connection take turns, and the statement after it takes a fresh
-- snapshot, so the per-connection limit is exact. The primary key on votes makes a repeat from
-- the same browser impossible; the UPDATE's row lock makes counts exact; the vote that reaches
-- the threshold queues the mayor's e-mail in the same transaction.
CREATE OR REPLACE FUNCTION cast_vote(
  p_intervention integer, p_monument text, p_voter text, p_ip text,
  p_ip_limit integer, p_threshold integer, p_announce boolean
) RETURNS TABLE (r_found integer, r_ip_votes integer, r_new_count integer, r_queued integer)
LANGUAGE plpgsql AS $$
DECLARE
  res record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_ip), p_intervention);
  WITH target AS (
    SELECT i.id FROM interventions i WHERE i.id = p_intervention AND i.monument_id = p_monument
  ), ipv AS (
    SELECT count(*)::int AS n FROM votes v
    WHERE v.intervention_id = p_intervention AND v.ip_hash = p_ip AND v.created_at > now() - interval '24 hours'
  ), ins AS (
    INSERT INTO votes (intervention_id, voter_hash, ip_hash)
    SELECT t.id, p_voter, p_ip FROM target t WHERE (SELECT n FROM ipv) < p_ip_limit
    ON CONFLICT DO NOTHING
    RETURNING intervention_id
  ), upd AS (
    UPDATE interventions u SET votes = u.votes + 1 WHERE u.id IN (SELECT intervention_id FROM ins) RETURNING u.id, u.votes
  ), outbox AS (
    INSERT INTO mayor_notifications (intervention_id, vote_count)
    SELECT upd.id, upd.votes FROM upd WHERE upd.votes = p_threshold
    ON CONFLICT DO NOTHING
    RETURNING id
  )
  SELECT (SELECT count(*)::int FROM target) AS found,
         (SELECT n FROM ipv) AS ip_votes,
         (SELECT upd.votes FROM upd) AS new_count,
         (SELECT count(*)::int FROM outbox) AS queued
  INTO res;
  IF p_announce AND res.new_count IS NOT NULL THEN
    PERFORM pg_notify('linz_changes', 'interventions');
  END IF;
  r_found := res.found;
  r_ip_votes := res.ip_votes;
  r_new_count := res.new_count;
  r_queued := res.queued;
  RETURN NEXT;
END
$$;
