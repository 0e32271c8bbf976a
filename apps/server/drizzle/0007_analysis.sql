CREATE TABLE "analysis_settings" (
	"admin_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"initial_funds" numeric,
	"initial_token" numeric,
	"cycle_hours" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"credential_id" integer,
	"slot_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"base_available" numeric NOT NULL,
	"base_frozen" numeric NOT NULL,
	"quote_available" numeric NOT NULL,
	"quote_frozen" numeric NOT NULL,
	"price" numeric
);
--> statement-breakpoint
CREATE TABLE "manual_fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"trade_id" text NOT NULL,
	"order_no" text NOT NULL,
	"side" text NOT NULL,
	"price" numeric NOT NULL,
	"amount" numeric NOT NULL,
	"fee_quote" numeric NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_settings" ADD CONSTRAINT "analysis_settings_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_settings" ADD CONSTRAINT "analysis_settings_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_snapshots" ADD CONSTRAINT "balance_snapshots_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_snapshots" ADD CONSTRAINT "balance_snapshots_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_snapshots" ADD CONSTRAINT "balance_snapshots_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_fills" ADD CONSTRAINT "manual_fills_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_fills" ADD CONSTRAINT "manual_fills_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_settings_admin_coin_idx" ON "analysis_settings" USING btree ("admin_id","coin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_snapshots_slot_idx" ON "balance_snapshots" USING btree ("admin_id","coin_id","slot_at");--> statement-breakpoint
CREATE INDEX "balance_snapshots_at_idx" ON "balance_snapshots" USING btree ("admin_id","coin_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_fills_trade_idx" ON "manual_fills" USING btree ("admin_id","coin_id","trade_id");--> statement-breakpoint
CREATE INDEX "manual_fills_at_idx" ON "manual_fills" USING btree ("admin_id","coin_id","at");