CREATE TABLE "street_names" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"district" text NOT NULL,
	"person_name" text,
	"sex" text NOT NULL,
	"street_wikidata_id" text,
	"person_wikidata_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
