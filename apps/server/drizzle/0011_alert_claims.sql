ALTER TABLE "alert_deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "claimed_until" timestamp with time zone;