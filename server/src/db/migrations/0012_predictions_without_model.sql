ALTER TABLE "predictions" ALTER COLUMN "model_version" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ALTER COLUMN "probability" DROP NOT NULL;