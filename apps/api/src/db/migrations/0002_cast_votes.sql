-- Votes in batches: the API gathers the votes that arrive while the database is busy and casts
-- them in one call of cast_votes (one round trip, one commit); each ballot keeps its own answer.
-- A batch of one is the plain single-vote transaction.
--
-- Locking: a proposal's row is locked (FOR UPDATE) before any of its ballots is looked at, and a
-- batch takes its proposals in ascending id order, so concurrent batches (from any number of API
-- instances) queue per proposal and can never deadlock. Under that lock the per-connection count,
-- the vote insert (the primary key allows one vote per browser) and the new count are exact, and
-- the ballot that reaches the threshold queues the mayor's e-mail in the same transaction.
-- Outcomes: counted (r_count is the new count), unknown (no such proposal on that monument),
-- repeat (this browser already voted), limited (the connection's daily votes are used up).
--
-- Replaces cast_vote (0001): the same for one ballot, serialised by an advisory lock instead.
DROP FUNCTION IF EXISTS cast_vote(integer, text, text, text, integer, integer, boolean);
--> statement-breakpoint
-- cast_votes(jsonb, integer, integer, boolean), dropped by 0003.
-- Its body is no longer written here: a later migration dropped it, and the live rules are
-- db/functions/votes.sql, applied after the migrations on every start (one definition of each
-- function). A database that ran this file before keeps working: drizzle runs a migration once.
SELECT 1;
