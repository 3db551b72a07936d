-- A used vote-confirmation link stays until it expires, without its address, so that a second click says
-- "already confirmed" instead of "unknown or expired" (the mail may be opened twice, or on two devices).
ALTER TABLE "vote_confirmations" ADD COLUMN "used_at" timestamp with time zone;
