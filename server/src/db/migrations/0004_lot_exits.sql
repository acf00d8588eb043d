CREATE TABLE "lot_exits" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"fill_id" integer,
	"account" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"realized_pnl_paise" bigint NOT NULL,
	"exit_charges_paise" bigint NOT NULL,
	"entry_charges_paise" bigint NOT NULL,
	"exited_at" timestamp with time zone NOT NULL,
	"trading_day" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lot_exits" ADD CONSTRAINT "lot_exits_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_exits" ADD CONSTRAINT "lot_exits_fill_id_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_exits_lot_idx" ON "lot_exits" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "lot_exits_account_idx" ON "lot_exits" USING btree ("account","exited_at");--> statement-breakpoint
-- Lots exited before this table existed: one exit each, from the lot's own totals, at the time it
-- closed (or the latest opposite fill of its stock after it opened, for a lot still partly open).
INSERT INTO "lot_exits" ("lot_id", "fill_id", "account", "quantity", "price_paise", "realized_pnl_paise", "exit_charges_paise", "entry_charges_paise", "exited_at", "trading_day")
SELECT l."id", NULL, l."account", l."exit_quantity",
  round(l."exit_value_paise"::numeric / l."exit_quantity")::bigint,
  l."realized_pnl_paise", l."exit_charges_paise",
  round(l."entry_charges_paise"::numeric * l."exit_quantity" / l."quantity")::bigint,
  e."at",
  to_char((e."at" AT TIME ZONE 'UTC') + interval '330 minutes', 'YYYY-MM-DD')
FROM "lots" l
CROSS JOIN LATERAL (
  SELECT coalesce(
    l."closed_at",
    (SELECT max(f."executed_at") FROM "fills" f
      WHERE f."account" = l."account" AND f."symbol" = l."symbol" AND f."product" = l."product"
        AND f."side" <> l."side" AND f."executed_at" >= l."opened_at"),
    l."opened_at"
  ) AS "at"
) e
WHERE l."exit_quantity" > 0;
