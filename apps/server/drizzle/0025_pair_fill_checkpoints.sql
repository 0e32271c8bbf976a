-- Issue 21 part 1, the analysis: its position cost replays an account's fills on a pair, its bots' and
-- its manual ones merged by time, one by one. Retention prunes the bots' fills (robot_fills) past
-- MAKERDESK_RETAIN_FILL_DAYS; manual_fills are never pruned. So the prune that deletes a pair's oldest bot
-- fills folds, in the same transaction, the merged replay up to the last fill it deleted into one row per
-- account and pair (the average-cost position, realised P&L, fees in quote and the fills counted), and
-- marks the manual fills that fold took (`checkpointed`): the replay resumes from the row with the bot
-- fills kept and the manual fills not marked, in the same order, and reads the same.
CREATE TABLE IF NOT EXISTS "pair_fill_checkpoints" (
	"admin_id" integer NOT NULL REFERENCES "public"."admins"("id") ON DELETE cascade,
	"coin_id" integer NOT NULL REFERENCES "public"."coins"("id") ON DELETE cascade,
	"through_at" timestamp with time zone NOT NULL,
	"last_bot_fill_id" bigint NOT NULL,
	"base" numeric NOT NULL,
	"avg_cost" numeric,
	"realised" numeric DEFAULT '0' NOT NULL,
	"fees" numeric DEFAULT '0' NOT NULL,
	"trades" bigint DEFAULT 0 NOT NULL,
	"bot_trades" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pair_fill_checkpoints_admin_id_coin_id_pk" PRIMARY KEY("admin_id","coin_id")
);
--> statement-breakpoint
ALTER TABLE "manual_fills" ADD COLUMN IF NOT EXISTS "checkpointed" boolean DEFAULT false NOT NULL;
