CREATE TABLE "search_synonyms" (
	"locale" text PRIMARY KEY NOT NULL,
	"groups" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
