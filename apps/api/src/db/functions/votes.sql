-- Which votes count, and when the mayor's e-mail is queued: the one live definition of the vote
-- rules. Applied after the numbered migrations on every start (db/client.ts), so this
-- file is what runs; the old definitions in migrations 0001 to 0004 are history.
--
-- In SQL rather than TypeScript because a vote must be counted, limited and (at the threshold)
-- mailed in one transaction and one round trip, for a whole batch of ballots (domain/votes/votes.ts).
-- `p_rules` is domain/votes/votes.ts's VoteRules as JSON; `p_now` is the server's clock (tests move it).

-- What the threshold counts: every counted vote (the spec), or only e-mail-confirmed ones.
CREATE OR REPLACE FUNCTION threshold_count(p_votes integer, p_confirmed integer, p_rules jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_rules->>'counts' = 'confirmed' THEN p_confirmed ELSE p_votes END
$$;
--> statement-breakpoint

-- Opens an alert for staff (at most one open per proposal, kind and network). An open alert holds
-- the proposal's mayor's e-mail that has not gone out yet. True when it is new.
CREATE OR REPLACE FUNCTION open_vote_alert(p_id integer, p_kind text, p_net text, p_votes integer, p_rules jsonb, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  INSERT INTO vote_alerts (proposal_id, kind, net_hash, votes, opened_at, next_attempt_at)
  VALUES (p_id, p_kind, p_net, p_votes, p_now, p_now)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    UPDATE mayor_notifications SET status = 'held'
    WHERE proposal_id = p_id AND kind = 'threshold' AND status = 'pending';
  END IF;
  RETURN changed > 0;
END
$$;
--> statement-breakpoint

-- Networks among a proposal's counted votes: distinct keyed hashes, and each vote whose network
-- has been forgotten (retention) as one of its own.
CREATE OR REPLACE FUNCTION counted_networks(p_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (count(DISTINCT net_hash) FILTER (WHERE net_hash <> 'expired') + count(*) FILTER (WHERE net_hash = 'expired'))::int
  FROM votes WHERE proposal_id = p_id AND status = 'counted'
$$;
--> statement-breakpoint

-- The same for the wider networks (IPv4 /24, IPv6 /48: config.ts ADDRESS_PREFIXES.area).
CREATE OR REPLACE FUNCTION counted_areas(p_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (count(DISTINCT area_hash) FILTER (WHERE area_hash <> 'expired') + count(*) FILTER (WHERE area_hash = 'expired'))::int
  FROM votes WHERE proposal_id = p_id AND status = 'counted'
$$;
--> statement-breakpoint

-- Mail domains among a proposal's counted confirmed votes.
CREATE OR REPLACE FUNCTION counted_domains(p_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT email_domain)::int FROM votes
  WHERE proposal_id = p_id AND status = 'counted' AND email_hash IS NOT NULL
$$;
--> statement-breakpoint

-- Seconds between the first and the last of the `p_n` latest counted votes (null with fewer).
CREATE OR REPLACE FUNCTION counted_span(p_id integer, p_n integer) RETURNS double precision
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) < p_n THEN NULL ELSE extract(epoch FROM max(created_at) - min(created_at))::float8 END
  FROM (SELECT created_at FROM votes WHERE proposal_id = p_id AND status = 'counted'
        ORDER BY created_at DESC LIMIT p_n) t
$$;
--> statement-breakpoint

-- Sets a proposal's public counts from its votes (after staff decisions and merges).
CREATE OR REPLACE FUNCTION recount_votes(p_id integer) RETURNS void
LANGUAGE sql AS $$
  UPDATE proposals SET
    votes = (SELECT count(*)::int FROM votes WHERE proposal_id = p_id AND status = 'counted'),
    confirmed_votes = (SELECT count(*)::int FROM votes WHERE proposal_id = p_id AND status = 'counted' AND email_hash IS NOT NULL)
  WHERE id = p_id
$$;
--> statement-breakpoint

-- Queues the mayor's e-mail once a proposal's count reaches the threshold (once per proposal).
-- Held for a staff look (an alert says why) when the counted votes come from fewer than
-- `minNetworks` networks (/56), or fewer than `minNetworks` wider networks (/48: one customer of a
-- tunnel broker or hoster has 256 /56s), or the threshold's votes came within `quickSeconds`
-- (a script, not citizens), or, when only confirmed votes count, their addresses are at fewer than
-- `minNetworks` mail domains (a catch-all domain has any number of addresses); or while an alert is
-- open. Not when staff decided the votes that reached it.
-- True when a mail was queued to go out now.
CREATE OR REPLACE FUNCTION reach_threshold(p_id integer, p_rules jsonb, p_by_staff boolean, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v integer;
  c integer;
  held boolean := false;
  changed integer;
BEGIN
  SELECT votes, confirmed_votes INTO v, c FROM proposals WHERE id = p_id;
  IF threshold_count(v, c, p_rules) < (p_rules->>'threshold')::int
     OR EXISTS (SELECT 1 FROM mayor_notifications WHERE proposal_id = p_id AND kind = 'threshold') THEN
    RETURN false;
  END IF;
  IF NOT p_by_staff THEN
    IF counted_networks(p_id) < (p_rules->>'minNetworks')::int THEN
      held := true;
      PERFORM open_vote_alert(p_id, 'few_networks', NULL, v, p_rules, p_now);
    END IF;
    IF counted_areas(p_id) < (p_rules->>'minNetworks')::int THEN
      held := true;
      PERFORM open_vote_alert(p_id, 'few_areas', NULL, v, p_rules, p_now);
    END IF;
    IF counted_span(p_id, (p_rules->>'threshold')::int) < (p_rules->>'quickSeconds')::int THEN
      held := true;
      PERFORM open_vote_alert(p_id, 'quick', NULL, v, p_rules, p_now);
    END IF;
    IF p_rules->>'counts' = 'confirmed' AND counted_domains(p_id) < (p_rules->>'minNetworks')::int THEN
      held := true;
      PERFORM open_vote_alert(p_id, 'few_domains', NULL, c, p_rules, p_now);
    END IF;
    IF NOT held AND EXISTS (SELECT 1 FROM vote_alerts WHERE proposal_id = p_id AND closed_at IS NULL) THEN
      held := true;
    END IF;
  END IF;
  INSERT INTO mayor_notifications (proposal_id, kind, vote_count, reached_at, next_attempt_at, status)
  VALUES (p_id, 'threshold', threshold_count(v, c, p_rules), p_now, p_now, CASE WHEN held THEN 'held' ELSE 'pending' END)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed > 0 AND NOT held;
END
$$;
--> statement-breakpoint

-- Held votes for a proposal that one viewer sees as counted: those of its network or
-- of its browser. A script that is held learns nothing from its own reads; everyone else sees the
-- public count. Staff's decision ends it: a released vote is counted, an invalidated one gone.
-- No index of its own: the network's votes (votes_net_time_idx) or the browser's one (the key) are
-- few; an index on `status` would make every staff decision over thousands of votes rewrite them all.
CREATE OR REPLACE FUNCTION held_seen_by(p_id integer, p_net text, p_voter text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM votes
  WHERE proposal_id = p_id AND status = 'held' AND (net_hash = p_net OR voter_hash = p_voter)
$$;
--> statement-breakpoint

-- The confirmed ones among them: confirmedVotes moves for the viewer as the count does (issue 56).
CREATE OR REPLACE FUNCTION held_confirmed_seen_by(p_id integer, p_net text, p_voter text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM votes
  WHERE proposal_id = p_id AND status = 'held' AND email_hash IS NOT NULL AND (net_hash = p_net OR voter_hash = p_voter)
$$;
--> statement-breakpoint

-- Casts a batch of ballots {k, i, m, v, ip, ipp, net, area} in one transaction; one row per ballot
-- (`ipp`: the connection's hash under yesterday's key, or null, so that the limit per connection
-- is a sliding 24 hours across the daily key rotation):
--   unknown  the proposal is not public at that monument (404)
--   closed   its status is final (declined, done): voting has ended (409)
--   repeat   this browser voted for it already (409)
--   counted  in the public count; r_count is the new count
--   held     over a network limit (ipLimit per connection and proposal a day, netHourLimit per
--            network an hour): kept for staff, answered like a counted vote
-- r_count, for counted and held alike, is the count as this voter sees it: the counted
-- votes and the held ones of the ballot's network or browser (held_seen_by), so a held vote's
-- answer moves exactly as a counted one's would, and the popup (domain/proposals/proposals.ts) agrees.
-- Every vote is looked at for alerts: more than `burst` from one network for a proposal in an hour,
-- or the proposal's last 10 votes of the hour at near-regular intervals of a second or more (a
-- script's sleep, not people's: their intervals vary as much as their mean).
CREATE OR REPLACE FUNCTION cast_votes(p_ballots jsonb, p_rules jsonb, p_now timestamptz)
RETURNS TABLE (r_key integer, r_outcome text, r_count integer, r_queued boolean)
LANGUAGE plpgsql AS $$
DECLARE
  b record;
  cur_id integer;
  cur_monument text;
  cur_votes integer;
  cur_closed boolean;
  cur_dirty boolean := false;
  any_counted boolean := false;
  touched text := '';
  held_pairs text := '';
  held_unnamed boolean := false;
  ip_votes integer;
  net_hour integer;
  net_burst integer;
  gaps integer;
  gap_mean double precision;
  gap_sd double precision;
  st text;
  changed integer;
  seen integer;
  ip_limit integer := (p_rules->>'ipLimit')::int;
  net_limit integer := (p_rules->>'netHourLimit')::int;
  burst integer := (p_rules->>'burst')::int;
  threshold integer := (p_rules->>'threshold')::int;
  by_votes boolean := p_rules->>'counts' = 'votes';
BEGIN
  FOR b IN
    SELECT x.k, x.i, x.m, x.v, x.ip, x.ipp, x.net, coalesce(x.area, 'expired') AS area
    FROM jsonb_to_recordset(p_ballots) AS x(k integer, i integer, m text, v text, ip text, ipp text, net text, area text)
    ORDER BY x.i, x.k
  LOOP
    IF cur_id IS DISTINCT FROM b.i THEN
      IF cur_dirty THEN
        UPDATE proposals SET votes = cur_votes WHERE id = cur_id;
        cur_dirty := false;
      END IF;
      cur_id := b.i;
      -- Only a public proposal at a public monument takes votes. The row lock makes votes, staff
      -- decisions and moderation of one proposal take turns.
      SELECT i.monument_id, i.votes, i.status IN ('declined', 'done') INTO cur_monument, cur_votes, cur_closed FROM proposals i
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
    ELSIF cur_closed THEN
      -- The city decided (declined, done): voting has ended (issue 56).
      r_outcome := 'closed';
    ELSE
      -- Counted up to the limit only: a network that sends thousands of votes must not make each
      -- of them cost thousands of rows.
      SELECT count(*)::int INTO ip_votes FROM (SELECT FROM votes
        WHERE proposal_id = b.i AND ip_hash IN (b.ip, b.ipp) AND created_at > p_now - interval '24 hours'
        LIMIT ip_limit) c;
      SELECT count(*)::int INTO net_hour FROM (SELECT FROM votes
        WHERE net_hash = b.net AND created_at > p_now - interval '1 hour' LIMIT net_limit) c;
      st := CASE WHEN ip_votes >= ip_limit OR net_hour >= net_limit THEN 'held' ELSE 'counted' END;
      INSERT INTO votes (proposal_id, voter_hash, ip_hash, net_hash, area_hash, status, created_at)
      VALUES (b.i, b.v, b.ip, b.net, b.area, st, p_now) ON CONFLICT DO NOTHING;
      GET DIAGNOSTICS changed = ROW_COUNT;
      IF changed = 0 THEN
        r_outcome := 'repeat';
      ELSE
        -- Over the burst limit (counted up to it) and no alert open for it yet: the alert opens
        -- with the network's whole count in the hour.
        SELECT count(*)::int INTO net_burst FROM (SELECT FROM votes
          WHERE proposal_id = b.i AND net_hash = b.net AND created_at > p_now - interval '1 hour' LIMIT burst + 1) c;
        IF net_burst > burst AND NOT EXISTS (SELECT FROM vote_alerts
            WHERE proposal_id = b.i AND kind = 'burst' AND coalesce(net_hash, '') = b.net AND closed_at IS NULL) THEN
          SELECT count(*)::int INTO net_burst FROM votes
          WHERE proposal_id = b.i AND net_hash = b.net AND created_at > p_now - interval '1 hour';
          PERFORM open_vote_alert(b.i, 'burst', b.net, net_burst, p_rules, p_now);
        END IF;
        SELECT count(g)::int, avg(g), stddev_pop(g) INTO gaps, gap_mean, gap_sd FROM (
          SELECT extract(epoch FROM t.created_at - lag(t.created_at) OVER (ORDER BY t.created_at))::float8 AS g
          FROM (SELECT created_at FROM votes WHERE proposal_id = b.i AND created_at > p_now - interval '1 hour'
                ORDER BY created_at DESC LIMIT 10) t
        ) u;
        IF gaps = 9 AND gap_mean >= 1 AND gap_sd < 0.1 * gap_mean THEN
          PERFORM open_vote_alert(b.i, 'regular', NULL, 10, p_rules, p_now);
        END IF;
        -- The same work for both outcomes (the row written, other instances told): the time an
        -- answer takes says nothing either.
        cur_dirty := true;
        any_counted := true;
        IF position(',' || b.i || ',' IN ',' || touched || ',') = 0 THEN
          touched := CASE WHEN touched = '' THEN b.i::text ELSE touched || ',' || b.i END;
        END IF;
        IF st = 'counted' THEN
          cur_votes := cur_votes + 1;
          r_outcome := 'counted';
          IF by_votes AND cur_votes = threshold THEN
            UPDATE proposals SET votes = cur_votes WHERE id = cur_id;
            cur_dirty := false;
            r_queued := reach_threshold(b.i, p_rules, false, p_now);
          END IF;
        ELSE
          r_outcome := 'held';
          -- Who may now see held votes (domain/votes/held-voters.ts), within a notification's 8000 bytes.
          IF length(held_pairs) < 7000 THEN
            held_pairs := held_pairs || CASE WHEN held_pairs = '' THEN '' ELSE ',' END || b.net || '|' || b.v;
          ELSE
            held_unnamed := true;
          END IF;
        END IF;
        r_count := cur_votes + held_seen_by(b.i, b.net, b.v);
      END IF;
    END IF;
    RETURN NEXT;
  END LOOP;
  IF cur_dirty THEN
    UPDATE proposals SET votes = cur_votes WHERE id = cur_id;
  END IF;
  IF p_rules->>'channel' IS NOT NULL AND any_counted THEN
    -- Which proposals: every instance reads those again (read-cache.ts), not the whole list.
    -- Tagged with this instance's origin, which applied the votes itself (read-cache.ts changeOf).
    PERFORM pg_notify(p_rules->>'channel', 'proposals:' || touched || COALESCE('@' || (p_rules->>'origin'), ''));
  END IF;
  IF p_rules->>'channel' IS NOT NULL AND held_pairs <> '' THEN
    -- Too many to name: every instance reads them again.
    PERFORM pg_notify(p_rules->>'channel', CASE WHEN held_unnamed THEN 'held' ELSE 'held:' || held_pairs END
      || COALESCE('@' || (p_rules->>'origin'), ''));
  END IF;
END
$$;
