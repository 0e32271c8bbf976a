ALTER TABLE "platforms" DROP CONSTRAINT "platforms_code_unique";--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "api_base_url" text;--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_code_mode_unique" UNIQUE NULLS NOT DISTINCT("code","sandbox","api_base_url");