CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interventions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interventions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monument_id" text NOT NULL,
	"name" text NOT NULL,
	"emoji" text NOT NULL,
	"short_description_en" text,
	"votes" integer DEFAULT 0 NOT NULL,
	"creator_ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_keys" (
	"day" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mayor_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mayor_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"intervention_id" integer NOT NULL,
	"vote_count" integer NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "mayor_notifications_intervention_id_unique" UNIQUE("intervention_id")
);
--> statement-breakpoint
CREATE TABLE "monuments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"category" text NOT NULL,
	"sex" text NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"short_description_en" text DEFAULT '' NOT NULL,
	"image" text DEFAULT 'default-placeholder.jpg' NOT NULL,
	"alternatives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"creator_ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"intervention_id" integer NOT NULL,
	"voter_hash" text NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_intervention_id_voter_hash_pk" PRIMARY KEY("intervention_id","voter_hash")
);
--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_monument_id_monuments_id_fk" FOREIGN KEY ("monument_id") REFERENCES "public"."monuments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mayor_notifications" ADD CONSTRAINT "mayor_notifications_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interventions_monument_idx" ON "interventions" USING btree ("monument_id");--> statement-breakpoint
CREATE INDEX "interventions_creator_idx" ON "interventions" USING btree ("creator_ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "mayor_notifications_due_idx" ON "mayor_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "monuments_creator_idx" ON "monuments" USING btree ("creator_ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "votes_ip_idx" ON "votes" USING btree ("intervention_id","ip_hash","created_at");