-- Issue 18: a fill names its order by the venue's number only. The client order id of each order the
-- server learnt (the console's orders when placed, any other when looked up once) is kept per pair, so
-- fills are attributed without reading the venue's order history (Binance allOrders: weight 20).
CREATE TABLE IF NOT EXISTS "order_client_ids" (
	"coin_id" integer NOT NULL REFERENCES "public"."coins"("id") ON DELETE cascade,
	"order_no" text NOT NULL,
	"client_order_id" text,
	"learnt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_client_ids_coin_id_order_no_pk" PRIMARY KEY("coin_id","order_no")
);
--> statement-breakpoint
-- Where the copy of an account's manual fills of a pair stands: the last venue trade it passed (id and
-- time) and the key it read them with (another key starts over), so a burst of fills between two reads
-- is paged through, none lost nor copied twice, across restarts.
CREATE TABLE IF NOT EXISTS "manual_fill_cursors" (
	"admin_id" integer NOT NULL REFERENCES "public"."admins"("id") ON DELETE cascade,
	"coin_id" integer NOT NULL REFERENCES "public"."coins"("id") ON DELETE cascade,
	"credential_id" integer NOT NULL,
	"trade_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_fill_cursors_admin_id_coin_id_pk" PRIMARY KEY("admin_id","coin_id")
);
