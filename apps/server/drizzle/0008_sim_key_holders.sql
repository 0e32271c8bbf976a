ALTER TABLE "credentials" ADD COLUMN "api_key_hash" text;--> statement-breakpoint
CREATE INDEX "credentials_api_key_hash_idx" ON "credentials" USING btree ("api_key_hash");