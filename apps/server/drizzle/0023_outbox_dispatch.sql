-- The outbox dispatcher (modules/outbox): rows are claimed by state (pending → claimed with a lease →
-- done / failed / skipped), never by an id high-water mark; outbox_consumer records when each kind's
-- consumer first started. Rows already in the outbox stay pending until their kind's consumer first
-- starts, which marks them skipped.
CREATE TABLE "outbox_consumer" (
	"kind" text PRIMARY KEY NOT NULL,
	"first_started_at" timestamp with time zone NOT NULL,
	"skipped_rows" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claim_token" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "outbox_open_idx" ON "outbox" USING btree ("kind","team_uid","id") WHERE "outbox"."state" IN ('pending', 'claimed');--> statement-breakpoint
CREATE INDEX "outbox_finished_idx" ON "outbox" USING btree ("finished_at") WHERE "outbox"."state" IN ('done', 'failed', 'skipped');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_state_check" CHECK ("outbox"."state" IN ('pending', 'claimed', 'done', 'failed', 'skipped'));
