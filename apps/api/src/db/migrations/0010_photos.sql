CREATE TABLE "photos" (
	"id" text PRIMARY KEY NOT NULL,
	"monument_id" text NOT NULL,
	"intervention_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"alt" text NOT NULL,
	"credit" text,
	"licence" text NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"image" "bytea" NOT NULL,
	"thumb" "bytea" NOT NULL,
	"uploader_voter_hash" text,
	"uploader_ip_hash" text,
	"by_staff" boolean DEFAULT false NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_monument_id_monuments_id_fk" FOREIGN KEY ("monument_id") REFERENCES "public"."monuments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_hash_idx" ON "photos" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "photos_monument_idx" ON "photos" USING btree ("monument_id");--> statement-breakpoint
CREATE INDEX "photos_intervention_idx" ON "photos" USING btree ("intervention_id");--> statement-breakpoint
CREATE INDEX "photos_status_idx" ON "photos" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "photos_voter_idx" ON "photos" USING btree ("uploader_voter_hash","created_at");--> statement-breakpoint
CREATE INDEX "photos_ip_idx" ON "photos" USING btree ("uploader_ip_hash","created_at");