-- Issue 21, the fills' bytes: a fill stays a row in robot_fills MAKERDESK_RETAIN_FILL_ROW_DAYS (30), then
-- the prune that folds it into its bot's day aggregate and checkpoints writes it, in the same
-- transaction, into its bot's pack of its UTC day: one row per bot and day holding the day's fills
-- column-wise and compressed (domain/fill-pack.ts, about 28 bytes a fill instead of about 300 a row with
-- its indexes), with the count and the range of times and ids so the ledger's readers decode only the
-- packs they page through. A pack goes once its last fill is past MAKERDESK_RETAIN_FILL_DAYS (400).
CREATE TABLE IF NOT EXISTS "robot_fill_packs" (
	"robot_id" integer NOT NULL REFERENCES "public"."robots"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"fills" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"pack" bytea NOT NULL,
	CONSTRAINT "robot_fill_packs_robot_id_day_pk" PRIMARY KEY("robot_id","day")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "robot_fill_packs_last_at_idx" ON "robot_fill_packs" USING btree ("last_at");
