CREATE TABLE "attempt_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"forget_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ALTER COLUMN "admin_id" DROP NOT NULL;--> statement-breakpoint
-- Codes live 10 minutes and are now found by subject: the few open at the upgrade are dropped (ask for a new one).
DELETE FROM "password_reset_codes";--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD COLUMN "subject" text NOT NULL;--> statement-breakpoint
CREATE INDEX "attempt_throttles_forget_idx" ON "attempt_throttles" USING btree ("forget_at");--> statement-breakpoint
CREATE INDEX "password_reset_codes_subject_idx" ON "password_reset_codes" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "password_reset_codes_expires_idx" ON "password_reset_codes" USING btree ("expires_at");