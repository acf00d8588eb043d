CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"action_required" boolean DEFAULT false NOT NULL,
	"suggested_action" text,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cash_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fill_id" integer,
	"order_id" text,
	"note" text NOT NULL,
	"trading_day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equity_snapshots" (
	"account" text NOT NULL,
	"trading_day" text NOT NULL,
	"portfolio_value_paise" bigint NOT NULL,
	"cash_paise" bigint NOT NULL,
	"holdings_value_paise" bigint NOT NULL,
	"benchmark_close" double precision NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "equity_snapshots_account_trading_day_pk" PRIMARY KEY("account","trading_day")
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"account" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"brokerage_paise" bigint NOT NULL,
	"stt_paise" bigint NOT NULL,
	"exchange_paise" bigint NOT NULL,
	"sebi_paise" bigint NOT NULL,
	"stamp_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"dp_paise" bigint NOT NULL,
	"charges_paise" bigint NOT NULL,
	"realized_pnl_paise" bigint DEFAULT 0 NOT NULL,
	"executed_at" timestamp with time zone NOT NULL,
	"trading_day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" text NOT NULL,
	"account" text NOT NULL,
	"symbol" text NOT NULL,
	"product" text NOT NULL,
	"side" text NOT NULL,
	"quantity" integer NOT NULL,
	"open_quantity" integer NOT NULL,
	"entry_price_paise" bigint NOT NULL,
	"entry_fill_id" integer NOT NULL,
	"entry_charges_paise" bigint NOT NULL,
	"exit_charges_paise" bigint DEFAULT 0 NOT NULL,
	"exit_quantity" integer DEFAULT 0 NOT NULL,
	"exit_value_paise" bigint DEFAULT 0 NOT NULL,
	"realized_pnl_paise" bigint DEFAULT 0 NOT NULL,
	"strategy" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"opened_day" text NOT NULL,
	CONSTRAINT "lots_trade_id_unique" UNIQUE("trade_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" integer NOT NULL,
	"filled_quantity" integer DEFAULT 0 NOT NULL,
	"order_type" text NOT NULL,
	"limit_price_paise" bigint,
	"product" text NOT NULL,
	"status" text NOT NULL,
	"average_price_paise" bigint,
	"status_message" text,
	"broker_order_id" text,
	"strategy" text NOT NULL,
	"placed_by" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"filled_at" timestamp with time zone,
	"trading_day" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_ledger" ADD CONSTRAINT "cash_ledger_fill_id_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_entry_fill_id_fills_id_fk" FOREIGN KEY ("entry_fill_id") REFERENCES "public"."fills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_at_idx" ON "alerts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "cash_ledger_account_idx" ON "cash_ledger" USING btree ("account","id");--> statement-breakpoint
CREATE INDEX "fills_account_executed_idx" ON "fills" USING btree ("account","executed_at");--> statement-breakpoint
CREATE INDEX "lots_account_symbol_idx" ON "lots" USING btree ("account","symbol","product","open_quantity");--> statement-breakpoint
CREATE INDEX "lots_account_opened_idx" ON "lots" USING btree ("account","opened_at");--> statement-breakpoint
CREATE INDEX "orders_account_placed_idx" ON "orders" USING btree ("account","placed_at");--> statement-breakpoint
CREATE INDEX "orders_account_status_idx" ON "orders" USING btree ("account","status");