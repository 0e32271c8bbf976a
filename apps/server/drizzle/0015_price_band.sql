-- The fat-finger band of manual limit orders, per pair, a fraction (0.05 = 5 %); existing pairs get the default.
ALTER TABLE "coins" ADD COLUMN "price_band" numeric(12, 6) DEFAULT '0.05' NOT NULL;
