CREATE TABLE "ml_models" (
	"version" serial PRIMARY KEY NOT NULL,
	"trained_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"samples" integer NOT NULL,
	"weights" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"state" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_headlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"link" text,
	"published_at" timestamp with time zone,
	"fetched_at" timestamp with time zone NOT NULL,
	"sentiment" double precision NOT NULL,
	"symbols" jsonb NOT NULL,
	"themes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"predicted_at" timestamp with time zone NOT NULL,
	"trading_day" text NOT NULL,
	"symbol" text NOT NULL,
	"decision_id" integer,
	"model_version" integer NOT NULL,
	"probability" double precision NOT NULL,
	"features" jsonb NOT NULL,
	"contributions" jsonb NOT NULL,
	"outcome_at" timestamp with time zone,
	"won" boolean,
	"outcome_return" double precision
);
--> statement-breakpoint
CREATE UNIQUE INDEX "news_headlines_dedupe_idx" ON "news_headlines" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "news_headlines_fetched_idx" ON "news_headlines" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX "predictions_day_idx" ON "predictions" USING btree ("trading_day");--> statement-breakpoint
CREATE INDEX "predictions_decision_idx" ON "predictions" USING btree ("decision_id");