-- cast_votes (0002) as before, but it is told the NOTIFY channel (CHANGE_CHANNEL in
-- domain/read-cache.ts) instead of naming it itself, so the channel's name lives in one place.
-- A null channel means: do not announce (one instance, nobody else to tell).
DROP FUNCTION IF EXISTS cast_votes(jsonb, integer, integer, boolean);
--> statement-breakpoint
-- cast_votes(jsonb, integer, integer, text), replaced by 0004 and dropped by 0009.
-- Its body is no longer written here: a later migration dropped it, and the live rules are
-- db/functions/votes.sql, applied after the migrations on every start (one definition of each
-- function). A database that ran this file before keeps working: drizzle runs a migration once.
SELECT 1;
