-- Issue 21 part 1: the fills ledger (robot_fills) is kept MAKERDESK_RETAIN_FILL_DAYS (400 by default),
-- then folded, in the transaction that deletes them, into two kinds of rows the figures keep reading:
-- per bot and UTC day (by the fill's time) the sums every window adds (fills, base and quote bought and
-- sold, fees, realised P&L), first_at..last_at spanning the fills counted, so a window counts a day whole
-- or not at all, and the position after the day's last fill; and per bot the ledger's checkpoint, the
-- average-cost fold's state after the last fill pruned (by the ledger's order, its id), from which the
-- next fill's position resumes when no kept fill follows it.
CREATE TABLE IF NOT EXISTS "robot_fill_days" (
	"robot_id" integer NOT NULL REFERENCES "public"."robots"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"fills" integer DEFAULT 0 NOT NULL,
	"bought_base" numeric DEFAULT '0' NOT NULL,
	"sold_base" numeric DEFAULT '0' NOT NULL,
	"bought_quote" numeric DEFAULT '0' NOT NULL,
	"sold_quote" numeric DEFAULT '0' NOT NULL,
	"price_quote" numeric DEFAULT '0' NOT NULL,
	"fees" numeric DEFAULT '0' NOT NULL,
	"realised" numeric DEFAULT '0' NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"position_after" numeric NOT NULL,
	"avg_cost_after" numeric,
	CONSTRAINT "robot_fill_days_robot_id_day_pk" PRIMARY KEY("robot_id","day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "robot_fill_checkpoints" (
	"robot_id" integer PRIMARY KEY NOT NULL REFERENCES "public"."robots"("id") ON DELETE cascade,
	"last_fill_id" bigint NOT NULL,
	"position_after" numeric NOT NULL,
	"avg_cost_after" numeric,
	"through_at" timestamp with time zone NOT NULL,
	"fills" bigint DEFAULT 0 NOT NULL
);
