CREATE TABLE "remote_load_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"client_id" text NOT NULL,
	"outcome" text NOT NULL,
	"kind" text,
	"message" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"exposes" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_rollout_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"version" text,
	"previous_version" text,
	"percent" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "remote_rollouts" (
	"remote" text PRIMARY KEY NOT NULL,
	"stable_release_id" integer,
	"canary_release_id" integer,
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"canary_started_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_rollouts" ADD CONSTRAINT "remote_rollouts_stable_release_id_remote_releases_id_fk" FOREIGN KEY ("stable_release_id") REFERENCES "public"."remote_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_rollouts" ADD CONSTRAINT "remote_rollouts_canary_release_id_remote_releases_id_fk" FOREIGN KEY ("canary_release_id") REFERENCES "public"."remote_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_load_reports_once_idx" ON "remote_load_reports" USING btree ("remote","version","client_id","outcome");--> statement-breakpoint
CREATE INDEX "remote_load_reports_at_idx" ON "remote_load_reports" USING btree ("remote","version","at");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_releases_remote_version_idx" ON "remote_releases" USING btree ("remote","version");--> statement-breakpoint
CREATE INDEX "remote_rollout_events_remote_at_idx" ON "remote_rollout_events" USING btree ("remote","at");