-- The outreach engine: message queue items, each sender's pacing per platform, and the log of sends
-- the caps count (packages/core/src/outreach).
CREATE TABLE "message_queue_item" (
	"team_uid" text COLLATE "C" NOT NULL,
	"item_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"platform" text NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"queued_to_uid" text COLLATE "C" NOT NULL,
	"created_by_uid" text COLLATE "C" NOT NULL,
	"template_id" text COLLATE "C",
	"idempotency_key" text NOT NULL,
	"lease_id" text COLLATE "C",
	"lease_expires_at" timestamp with time zone,
	"leased_before" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"result_code" text,
	"result_detail" text,
	"activity_uid" text COLLATE "C",
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_queue_item_pk" PRIMARY KEY("team_uid","item_uid"),
	CONSTRAINT "message_queue_item_platform_check" CHECK ("platform" IN ('facebook', 'instagram', 'linkedin')),
	CONSTRAINT "message_queue_item_status_check" CHECK ("status" IN ('pending', 'approved', 'leased', 'sent', 'failed', 'skipped', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "outreach_send" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text COLLATE "C" NOT NULL,
	"platform" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"new_conversation" boolean NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"team_uid" text COLLATE "C",
	"item_uid" text COLLATE "C",
	CONSTRAINT "outreach_send_platform_check" CHECK ("platform" IN ('facebook', 'instagram', 'linkedin'))
);
--> statement-breakpoint
CREATE TABLE "sender_pacing" (
	"uid" text COLLATE "C" NOT NULL,
	"platform" text NOT NULL,
	"limits" jsonb,
	"next_send_at" timestamp with time zone,
	"sends_since_break" integer DEFAULT 0 NOT NULL,
	"on_break" boolean DEFAULT false NOT NULL,
	"break_after" integer NOT NULL,
	"paused_until" timestamp with time zone,
	"pause_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"account_started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sender_pacing_pk" PRIMARY KEY("uid","platform"),
	CONSTRAINT "sender_pacing_platform_check" CHECK ("platform" IN ('facebook', 'instagram', 'linkedin'))
);
--> statement-breakpoint
ALTER TABLE "team" ALTER COLUMN "feature_flags" SET DEFAULT '{"facebook_bulk_messaging_access":true,"instagram_bulk_messaging_access":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "message_queue_item" ADD CONSTRAINT "message_queue_item_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_queue_item" ADD CONSTRAINT "message_queue_item_contact_fk" FOREIGN KEY ("team_uid","gtid") REFERENCES "public"."contact"("team_uid","gtid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_queue_item_idempotency_idx" ON "message_queue_item" USING btree ("team_uid","idempotency_key");--> statement-breakpoint
CREATE INDEX "message_queue_item_send_idx" ON "message_queue_item" USING btree ("queued_to_uid","platform","created_at","item_uid") WHERE "status" IN ('approved', 'leased');--> statement-breakpoint
CREATE INDEX "message_queue_item_leased_idx" ON "message_queue_item" USING btree ("queued_to_uid","platform") WHERE "status" = 'leased';--> statement-breakpoint
CREATE INDEX "message_queue_item_review_idx" ON "message_queue_item" USING btree ("team_uid","queued_to_uid","created_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "message_queue_item_contact_idx" ON "message_queue_item" USING btree ("team_uid","gtid","created_at");--> statement-breakpoint
CREATE INDEX "outreach_send_recent_idx" ON "outreach_send" USING btree ("uid","platform","sent_at");--> statement-breakpoint
CREATE INDEX "outreach_send_recipient_idx" ON "outreach_send" USING btree ("uid","platform","recipient");--> statement-breakpoint
-- Existing teams get both bulk-messaging flags on too; a flag a super admin already set, on or
-- off, is kept (the right side of || wins).
UPDATE "team" SET "feature_flags" = '{"facebook_bulk_messaging_access":true,"instagram_bulk_messaging_access":true}'::jsonb || "feature_flags"
WHERE jsonb_typeof("feature_flags") = 'object';
