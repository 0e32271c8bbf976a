-- Issue 21 part 1: bounded data, exact figures. The bots' final orders are pruned after their retention
-- (config.ts MAKERDESK_RETAIN_*) and folded first into per-bot, per-UTC-day aggregates, which the
-- figures read with the remaining rows: placed by the day of creation, filled and cancelled by the day of
-- the last change, with the base and quote filled; first_at..last_at spans the instants counted, so a
-- window counts a day whole or not at all.
CREATE TABLE IF NOT EXISTS "robot_order_days" (
	"robot_id" integer NOT NULL REFERENCES "public"."robots"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"filled" integer DEFAULT 0 NOT NULL,
	"canceled" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"filled_base" numeric DEFAULT '0' NOT NULL,
	"filled_quote" numeric DEFAULT '0' NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "robot_order_days_robot_id_day_pk" PRIMARY KEY("robot_id","day")
);
--> statement-breakpoint
-- The retention job finds the final orders past their cut by their last change, in small batches.
CREATE INDEX IF NOT EXISTS "robot_orders_final_updated_idx" ON "robot_orders" USING btree ("updated_at") WHERE "robot_orders"."state" in ('filled', 'canceled', 'rejected');
--> statement-breakpoint
-- The fills ledger names each bot fill's venue order number from its order's row; once that row is
-- pruned the fill keeps the number itself (copied when the order goes), so the ledger still names it and
-- a venue trade of a pruned bot order is still known as the bot's (never copied as a manual fill).
ALTER TABLE "robot_fills" ADD COLUMN IF NOT EXISTS "order_no" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "robot_fills_order_no_idx" ON "robot_fills" USING btree ("order_no") WHERE "robot_fills"."order_no" is not null;
