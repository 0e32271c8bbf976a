CREATE TABLE "master_key_check" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
