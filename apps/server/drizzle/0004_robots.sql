CREATE TABLE "robot_fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"robot_id" integer NOT NULL,
	"client_order_id" text NOT NULL,
	"filled_after" numeric NOT NULL,
	"side" text NOT NULL,
	"price" numeric NOT NULL,
	"amount" numeric NOT NULL,
	"quote_amount" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"realized_pnl" numeric NOT NULL,
	"position_after" numeric NOT NULL,
	"avg_cost_after" numeric,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"robot_id" integer NOT NULL,
	"client_order_id" text NOT NULL,
	"tag" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"price" numeric NOT NULL,
	"amount" numeric NOT NULL,
	"time_in_force" text NOT NULL,
	"state" text NOT NULL,
	"order_no" text,
	"filled_amount" numeric DEFAULT '0' NOT NULL,
	"filled_value" numeric DEFAULT '0' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "robot_orders_client_order_id_unique" UNIQUE("client_order_id")
);
--> statement-breakpoint
CREATE TABLE "robot_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"robot_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "robots" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"credential_id" integer,
	"type" text NOT NULL,
	"config" jsonb NOT NULL,
	"status" text DEFAULT 'stopped' NOT NULL,
	"stop_reason" text,
	"start_mode" text DEFAULT 'now' NOT NULL,
	"start_at" timestamp with time zone,
	"price_mode" text DEFAULT 'normal' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" jsonb,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_fills" ADD CONSTRAINT "robot_fills_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_orders" ADD CONSTRAINT "robot_orders_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_runs" ADD CONSTRAINT "robot_runs_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "robot_fills_order_filled_idx" ON "robot_fills" USING btree ("client_order_id","filled_after");--> statement-breakpoint
CREATE INDEX "robot_fills_robot_at_idx" ON "robot_fills" USING btree ("robot_id","at");--> statement-breakpoint
CREATE INDEX "robot_orders_live_idx" ON "robot_orders" USING btree ("robot_id") WHERE "robot_orders"."state" not in ('filled', 'canceled', 'rejected');--> statement-breakpoint
CREATE INDEX "robot_orders_robot_created_idx" ON "robot_orders" USING btree ("robot_id","created_at");--> statement-breakpoint
CREATE INDEX "robot_runs_robot_idx" ON "robot_runs" USING btree ("robot_id");--> statement-breakpoint
CREATE INDEX "robots_coin_idx" ON "robots" USING btree ("coin_id");--> statement-breakpoint
CREATE INDEX "robots_admin_idx" ON "robots" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "robots_running_idx" ON "robots" USING btree ("id") WHERE "robots"."status" = 'running';--> statement-breakpoint
-- Logs written before bots existed name no bot that could be referenced.
UPDATE "trading_logs" SET "robot_id" = NULL WHERE "robot_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_logs" ADD CONSTRAINT "trading_logs_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_logs_robot_idx" ON "trading_logs" USING btree ("robot_id","id");