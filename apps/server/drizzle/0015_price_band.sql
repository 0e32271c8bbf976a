-- The fat-finger band of manual limit orders, per pair, a fraction (0.05 = 5 %); existing pairs get the default.
-- IF NOT EXISTS: a migration test seeds an older database through today's schema and adds the column first.
ALTER TABLE "coins" ADD COLUMN IF NOT EXISTS "price_band" numeric(12, 6) DEFAULT '0.05' NOT NULL;
