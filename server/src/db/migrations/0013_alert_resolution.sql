ALTER TABLE "alerts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolution" text;