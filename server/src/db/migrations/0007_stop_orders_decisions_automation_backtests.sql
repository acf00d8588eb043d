CREATE TABLE "automation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"trading_day" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backtest_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"progress" double precision NOT NULL,
	"params" jsonb NOT NULL,
	"result" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"trading_day" text NOT NULL,
	"account" text NOT NULL,
	"source" text NOT NULL,
	"symbol" text NOT NULL,
	"strategy" text NOT NULL,
	"strategy_version" text NOT NULL,
	"signal" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"confidence" double precision NOT NULL,
	"price_paise" bigint NOT NULL,
	"target_paise" bigint,
	"stop_paise" bigint,
	"horizon_days" integer NOT NULL,
	"quantity" integer,
	"order_id" text,
	"inputs" jsonb NOT NULL,
	"outcome_at" timestamp with time zone,
	"outcome_kind" text,
	"outcome_return" double precision,
	"outcome_pnl_paise" bigint
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trigger_price_paise" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_day_idx" ON "automation_runs" USING btree ("account","trading_day");--> statement-breakpoint
CREATE INDEX "backtest_runs_created_idx" ON "backtest_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "decisions_account_day_idx" ON "decisions" USING btree ("account","trading_day");--> statement-breakpoint
CREATE INDEX "decisions_order_idx" ON "decisions" USING btree ("order_id");