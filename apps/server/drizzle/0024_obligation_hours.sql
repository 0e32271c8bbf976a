-- Issue 20: the hours of the UTC day a liquidity obligation applies (0 to 24: all day, as before).
-- Outside them the pair's figures are measured but not judged: no uptime owed, no breach counted.
ALTER TABLE "liquidity_obligations" ADD COLUMN IF NOT EXISTS "from_hour_utc" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "liquidity_obligations" ADD COLUMN IF NOT EXISTS "to_hour_utc" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "liquidity_obligations" ADD CONSTRAINT "liquidity_obligations_hours_check" CHECK ("from_hour_utc" >= 0 AND "to_hour_utc" <= 24 AND "from_hour_utc" < "to_hour_utc");
