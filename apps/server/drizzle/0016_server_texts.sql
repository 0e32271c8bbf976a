-- Trading-log lines and bots' stop reasons as server texts (a message key and its parameters),
-- rendered in each reader's language. Rows written before keep their English `message` /
-- `stop_reason` and no key: they render verbatim.
ALTER TABLE "trading_logs" ADD COLUMN IF NOT EXISTS "text_key" text;--> statement-breakpoint
ALTER TABLE "trading_logs" ADD COLUMN IF NOT EXISTS "text_params" jsonb;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN IF NOT EXISTS "stop_reason_text" jsonb;
