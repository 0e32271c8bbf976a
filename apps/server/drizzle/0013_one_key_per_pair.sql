-- One key per account and pair. An account that holds several for a pair keeps its newest, the one
-- the console and its bots traded the pair with; a bot that named an older one names the kept one.
UPDATE "robots" SET "credential_id" = "kept"."id"
FROM "credentials" AS "old", "credentials" AS "kept"
WHERE "robots"."credential_id" = "old"."id"
  AND "kept"."admin_id" = "old"."admin_id" AND "kept"."coin_id" = "old"."coin_id"
  AND "kept"."id" = (SELECT max("c"."id") FROM "credentials" AS "c" WHERE "c"."admin_id" = "old"."admin_id" AND "c"."coin_id" = "old"."coin_id")
  AND "kept"."id" <> "old"."id";--> statement-breakpoint
DELETE FROM "credentials" AS "old" USING "credentials" AS "newer"
WHERE "newer"."admin_id" = "old"."admin_id" AND "newer"."coin_id" = "old"."coin_id" AND "newer"."id" > "old"."id";--> statement-breakpoint
DROP INDEX "credentials_admin_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_admin_coin_idx" ON "credentials" USING btree ("admin_id","coin_id");
