ALTER TABLE "workflow_run" ADD COLUMN "moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD COLUMN "wait_event" text;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD COLUMN "source" text;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_run_source_idx" ON "workflow_run" USING btree ("team_uid","workflow_id","source","gtid");--> statement-breakpoint
CREATE INDEX "workflow_run_ready_idx" ON "workflow_run" USING btree ("team_uid") WHERE "state" = 'running';