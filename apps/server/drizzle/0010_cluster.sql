CREATE TABLE "bot_leases" (
	"robot_id" integer PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"epoch" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"runs_simulator" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_leases" ADD CONSTRAINT "bot_leases_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_leases_node_idx" ON "bot_leases" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "bot_leases_expires_idx" ON "bot_leases" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cluster_nodes_heartbeat_idx" ON "cluster_nodes" USING btree ("heartbeat_at");