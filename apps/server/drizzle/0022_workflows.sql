-- Workflows (packages/core/src/workflows): the workflow, its immutable versions, the SPEC §4 triggers
-- index mirrored from active workflows, and the runs and steps the engine keeps.
CREATE TABLE "workflow" (
	"team_uid" text COLLATE "C" NOT NULL,
	"workflow_id" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"version" integer NOT NULL,
	"live_version" integer,
	"created_by_uid" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by_uid" text COLLATE "C" NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_pk" PRIMARY KEY("team_uid","workflow_id"),
	CONSTRAINT "workflow_status_check" CHECK ("status" IN ('draft', 'active', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "workflow_run" (
	"team_uid" text COLLATE "C" NOT NULL,
	"run_id" text COLLATE "C" NOT NULL,
	"workflow_id" text COLLATE "C" NOT NULL,
	"version" integer NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"state" text NOT NULL,
	"cursor_step_id" text,
	"wait_until" timestamp with time zone,
	"depth" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "workflow_run_pk" PRIMARY KEY("team_uid","run_id"),
	CONSTRAINT "workflow_run_state_check" CHECK ("state" IN ('running', 'waiting', 'completed', 'failed', 'stopped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "workflow_run_step" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_uid" text COLLATE "C" NOT NULL,
	"run_id" text COLLATE "C" NOT NULL,
	"step_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_run_step_outcome_check" CHECK ("outcome" IN ('done', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "workflow_trigger" (
	"team_uid" text COLLATE "C" NOT NULL,
	"workflow_id" text COLLATE "C" NOT NULL,
	"trigger_type" text NOT NULL,
	"resource" jsonb NOT NULL,
	"pipeline_uid" text COLLATE "C",
	"stage_uid" text COLLATE "C",
	"tag_id" text COLLATE "C",
	"label_uid" text COLLATE "C",
	CONSTRAINT "workflow_trigger_pk" PRIMARY KEY("team_uid","workflow_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_version" (
	"team_uid" text COLLATE "C" NOT NULL,
	"workflow_id" text COLLATE "C" NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_uid" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_version_pk" PRIMARY KEY("team_uid","workflow_id","version")
);
--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD CONSTRAINT "workflow_run_version_fk" FOREIGN KEY ("team_uid","workflow_id","version") REFERENCES "public"."workflow_version"("team_uid","workflow_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD CONSTRAINT "workflow_run_contact_fk" FOREIGN KEY ("team_uid","gtid") REFERENCES "public"."contact"("team_uid","gtid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run_step" ADD CONSTRAINT "workflow_run_step_run_fk" FOREIGN KEY ("team_uid","run_id") REFERENCES "public"."workflow_run"("team_uid","run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_trigger" ADD CONSTRAINT "workflow_trigger_workflow_fk" FOREIGN KEY ("team_uid","workflow_id") REFERENCES "public"."workflow"("team_uid","workflow_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_version" ADD CONSTRAINT "workflow_version_workflow_fk" FOREIGN KEY ("team_uid","workflow_id") REFERENCES "public"."workflow"("team_uid","workflow_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_team_status_idx" ON "workflow" USING btree ("team_uid","status");--> statement-breakpoint
CREATE INDEX "workflow_run_workflow_idx" ON "workflow_run" USING btree ("team_uid","workflow_id","started_at");--> statement-breakpoint
CREATE INDEX "workflow_run_contact_idx" ON "workflow_run" USING btree ("team_uid","gtid");--> statement-breakpoint
CREATE INDEX "workflow_run_due_idx" ON "workflow_run" USING btree ("wait_until") WHERE "state" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_run_step_key_idx" ON "workflow_run_step" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "workflow_run_step_run_idx" ON "workflow_run_step" USING btree ("team_uid","run_id");--> statement-breakpoint
CREATE INDEX "workflow_trigger_lookup_idx" ON "workflow_trigger" USING btree ("team_uid","trigger_type","pipeline_uid");