-- Issue 21: drizzle records each migration by its journal time and hash only. The server writes each
-- of its migrations' names here after migrating, so a server of an older version that finds a
-- migration later than its own (a newer version migrated this database) refuses to start and names it.
CREATE TABLE IF NOT EXISTS "migration_names" (
	"created_at" bigint PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
