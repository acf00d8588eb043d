CREATE TABLE "ml_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"improved" boolean,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "predictions_day_idx";--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "ml_probability" double precision;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "expected_pnl_paise" bigint;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "strategy" text NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "horizon_days" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "entry_paise" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "target_paise" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "stop_paise" bigint NOT NULL;--> statement-breakpoint
CREATE INDEX "ml_events_at_idx" ON "ml_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "predictions_day_symbol_idx" ON "predictions" USING btree ("trading_day","symbol");--> statement-breakpoint
CREATE INDEX "predictions_open_idx" ON "predictions" USING btree ("outcome_at");