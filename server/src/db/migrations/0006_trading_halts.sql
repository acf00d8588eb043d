CREATE TABLE "trading_halts" (
	"id" serial PRIMARY KEY NOT NULL,
	"halted_at" timestamp with time zone NOT NULL,
	"halted_by" text NOT NULL,
	"reason" text NOT NULL,
	"square_off" boolean NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trading_halts_in_force_idx" ON "trading_halts" USING btree ((true)) WHERE "trading_halts"."lifted_at" IS NULL;