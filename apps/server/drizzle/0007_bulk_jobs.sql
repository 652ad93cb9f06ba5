CREATE TABLE "bulk_job" (
	"team_uid" text COLLATE "C" NOT NULL,
	"job_uid" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"action" jsonb NOT NULL,
	"state" text NOT NULL DEFAULT 'queued',
	"total" integer NOT NULL,
	"done" integer NOT NULL DEFAULT 0,
	"failed" integer NOT NULL DEFAULT 0,
	"error" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_job_pk" PRIMARY KEY ("team_uid", "job_uid"),
	CONSTRAINT "bulk_job_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "bulk_job_unfinished_idx" ON "bulk_job" ("created_at") WHERE "state" IN ('queued', 'running');--> statement-breakpoint
CREATE TABLE "bulk_job_item" (
	"team_uid" text COLLATE "C" NOT NULL,
	"job_uid" text COLLATE "C" NOT NULL,
	"n" integer NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"status" text NOT NULL DEFAULT 'pending',
	"error" text,
	CONSTRAINT "bulk_job_item_pk" PRIMARY KEY ("team_uid", "job_uid", "n"),
	CONSTRAINT "bulk_job_item_job_fk" FOREIGN KEY ("team_uid", "job_uid") REFERENCES "bulk_job" ("team_uid", "job_uid") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "bulk_job_item_pending_idx" ON "bulk_job_item" ("team_uid", "job_uid", "n") WHERE "status" = 'pending';
