-- Issue 21: a trading-log line with a text key is stored as its key and params only; its English is
-- rendered from them like every other language, so `message` is null beside a key. A line without a
-- key (a venue's own words; rows before 0016) keeps its words there. Rows already written keep theirs
-- (no rewrite of the table): retention ages them out. Every row has its words or its key (checked for
-- the rows written from now on, NOT VALID: the rows before were written with a message).
ALTER TABLE "trading_logs" ALTER COLUMN "message" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "trading_logs" ADD CONSTRAINT "trading_logs_message_or_key" CHECK ("message" is not null or "text_key" is not null) NOT VALID;
