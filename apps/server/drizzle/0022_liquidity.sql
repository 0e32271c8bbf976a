-- Issue 20: liquidity obligations. Per pair, what the main account agreed with the token project or
-- the venue (a spread cap, a minimum own depth per side inside a band of mid, a minimum two-sided
-- uptime over a day or a month), and the one-minute rows the sampler keeps of each pair's market
-- quality (DESK.md "Market quality"): per minute, seconds by the desk's status (a second without a
-- sample is a gap, down), the spread's seconds by value (quantiles over any range stay exact), the
-- depth per band and side (minimum and sum over the seconds), and the minute's trading.
CREATE TABLE IF NOT EXISTS "liquidity_obligations" (
	"coin_id" integer PRIMARY KEY NOT NULL REFERENCES "coins"("id") ON DELETE CASCADE,
	"max_spread_bps" numeric(6, 1) NOT NULL,
	"depth_within_pct" text NOT NULL,
	"min_depth_quote" numeric(30, 8) NOT NULL,
	"min_uptime_pct" numeric(5, 2) NOT NULL,
	"period" text NOT NULL,
	"updated_by" integer REFERENCES "admins"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liquidity_obligations_band_check" CHECK ("depth_within_pct" IN ('0.5', '1', '2', '5')),
	CONSTRAINT "liquidity_obligations_period_check" CHECK ("period" IN ('day', 'month'))
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "liquidity_minutes" (
	"coin_id" integer NOT NULL REFERENCES "coins"("id") ON DELETE CASCADE,
	"minute" bigint NOT NULL,
	"samples" smallint NOT NULL,
	"up_sec" smallint NOT NULL,
	"no_quote_sec" smallint NOT NULL,
	"spread_sec" smallint NOT NULL,
	"depth_sec" smallint NOT NULL,
	"gap_sec" smallint NOT NULL,
	"one_sided_sec" smallint NOT NULL,
	"spread_hist" jsonb NOT NULL,
	"spread_p50" numeric(12, 1),
	"spread_p95" numeric(12, 1),
	"depth" jsonb NOT NULL,
	"volume_quote" numeric NOT NULL DEFAULT 0,
	"own_volume_quote" numeric NOT NULL DEFAULT 0,
	"orders_placed" integer NOT NULL DEFAULT 0,
	"fills" integer NOT NULL DEFAULT 0,
	CONSTRAINT "liquidity_minutes_pk" PRIMARY KEY ("coin_id", "minute")
);
