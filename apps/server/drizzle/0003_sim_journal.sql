CREATE TABLE "sim_discarded" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"snapshot" text,
	"journal" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_journal" (
	"first_seq" bigint PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"commands" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_state" ALTER COLUMN "snapshot" SET DATA TYPE bytea USING convert_to("snapshot"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "sim_state" ADD COLUMN "journal_seq" bigint DEFAULT 0 NOT NULL;