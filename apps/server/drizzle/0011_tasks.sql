CREATE TABLE "task" (
	"team_uid" text COLLATE "C" NOT NULL,
	"task_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C",
	"name" text NOT NULL,
	"notes" text NOT NULL DEFAULT '',
	"assignee_uid" text COLLATE "C" NOT NULL,
	"due_date" date NOT NULL,
	"due_time" text,
	"time_zone" text NOT NULL,
	"actual_due_date" timestamp with time zone NOT NULL,
	"status" text NOT NULL DEFAULT 'open',
	"repeat_data" jsonb,
	"created_by" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	"completed_at" timestamp with time zone,
	"completed_by" text COLLATE "C",
	CONSTRAINT "task_pk" PRIMARY KEY ("team_uid", "task_uid"),
	CONSTRAINT "task_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE,
	CONSTRAINT "task_contact_fk" FOREIGN KEY ("team_uid", "gtid") REFERENCES "contact" ("team_uid", "gtid") ON DELETE CASCADE,
	CONSTRAINT "task_status_check" CHECK ("status" IN ('open', 'done', 'skipped'))
);--> statement-breakpoint
CREATE INDEX "task_open_due_idx" ON "task" ("team_uid", "assignee_uid", "due_date", "actual_due_date", "task_uid") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "task_done_idx" ON "task" ("team_uid", "assignee_uid", "completed_at" DESC, "task_uid") WHERE "status" <> 'open';--> statement-breakpoint
CREATE INDEX "task_contact_idx" ON "task" ("team_uid", "gtid", "due_date") WHERE "gtid" IS NOT NULL;
