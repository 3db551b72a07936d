-- One vote in one round trip: the advisory lock per connection (IP hash) and proposal makes
-- overlapping votes from one connection take turns, and the statement after it takes a fresh
-- snapshot, so the per-connection limit is exact. The primary key on votes makes a repeat from
-- the same browser impossible; the UPDATE's row lock makes counts exact; the vote that reaches
-- the threshold queues the mayor's e-mail in the same transaction.
-- cast_vote(integer, text, text, text, integer, integer, boolean): the first vote function.
-- Its body is no longer written here: a later migration dropped it, and the live rules are
-- db/functions/votes.sql, applied after the migrations on every start (one definition of each
-- function). A database that ran this file before keeps working: drizzle runs a migration once.
SELECT 1;
