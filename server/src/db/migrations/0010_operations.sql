CREATE TABLE "data_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"endpoint" text NOT NULL,
	"enabled" boolean NOT NULL,
	"custom" boolean NOT NULL,
	"api_key_encrypted" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_url" text,
	"status" text NOT NULL,
	"last_updated" timestamp with time zone,
	"latency_ms" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"alert" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scaling_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"instance_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"cpu_percent" double precision NOT NULL,
	"instances_before" integer NOT NULL,
	"instances_after" integer NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"url" text,
	"version" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"leader" boolean DEFAULT false NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stream_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "write_versions" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_created_idx" ON "notification_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_idx" ON "rate_limit_events" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_at_idx" ON "rate_limit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "scaling_decisions_at_idx" ON "scaling_decisions" USING btree ("at");--> statement-breakpoint
CREATE INDEX "server_instances_heartbeat_idx" ON "server_instances" USING btree ("heartbeat_at");--> statement-breakpoint
CREATE INDEX "stream_tickets_session_idx" ON "stream_tickets" USING btree ("session_id","issued_at");--> statement-breakpoint
CREATE INDEX "stream_tickets_expiry_idx" ON "stream_tickets" USING btree ("expires_at");