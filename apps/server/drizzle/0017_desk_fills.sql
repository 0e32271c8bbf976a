-- The fills ledger shows each non-bot fill's fee as the venue charged it (amount and asset) beside its
-- value in quote, and who placed it (the order's client order id: the console, or another client of
-- the key). A fee in a third asset whose price was unknown has no quote value (null), never 0.
-- Rows copied before keep their quote value; their fee, asset and client order id are unknown (null).
ALTER TABLE "manual_fills" ADD COLUMN IF NOT EXISTS "fee" numeric;--> statement-breakpoint
ALTER TABLE "manual_fills" ADD COLUMN IF NOT EXISTS "fee_asset" text;--> statement-breakpoint
ALTER TABLE "manual_fills" ADD COLUMN IF NOT EXISTS "client_order_id" text;--> statement-breakpoint
ALTER TABLE "manual_fills" ALTER COLUMN "fee_quote" DROP NOT NULL;
