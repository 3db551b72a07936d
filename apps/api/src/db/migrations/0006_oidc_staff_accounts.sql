ALTER TABLE "staff" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_oidc_account" UNIQUE("oidc_issuer","oidc_subject");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_token_or_oidc" CHECK ("staff"."token_hash" IS NOT NULL OR ("staff"."oidc_issuer" IS NOT NULL AND "staff"."oidc_subject" IS NOT NULL));