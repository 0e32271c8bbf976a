CREATE TABLE "incidents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coin_id" integer NOT NULL,
	"robot_id" integer,
	"admin_id" integer,
	"actor_admin_id" integer,
	"level" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_reads" (
	"incident_id" bigint NOT NULL,
	"admin_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_reads_incident_id_admin_id_pk" PRIMARY KEY("incident_id","admin_id")
);
--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN IF NOT EXISTS "lang" text DEFAULT 'en_US' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN IF NOT EXISTS "message" jsonb;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_actor_admin_id_admins_id_fk" FOREIGN KEY ("actor_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reads" ADD CONSTRAINT "incident_reads_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reads" ADD CONSTRAINT "incident_reads_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_coin_idx" ON "incidents" USING btree ("coin_id","id");--> statement-breakpoint
CREATE INDEX "incidents_halt_idx" ON "incidents" USING btree ("coin_id") WHERE "incidents"."kind" = 'emergency_stop' AND "incidents"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "incident_reads_admin_idx" ON "incident_reads" USING btree ("admin_id","incident_id");
