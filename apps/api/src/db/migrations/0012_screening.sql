CREATE TABLE "screen_words" (
	"lang" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_words_lang_word_pk" PRIMARY KEY("lang","word")
);
--> statement-breakpoint
ALTER TABLE "monuments" ADD COLUMN "creator_voter_hash" text;