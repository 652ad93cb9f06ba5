CREATE TABLE "task_template" (
	"team_uid" text COLLATE "C" NOT NULL,
	"template_uid" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"notes" text NOT NULL DEFAULT '',
	"category" text NOT NULL DEFAULT '',
	"type" text NOT NULL DEFAULT '',
	"due_in_days" integer NOT NULL DEFAULT 0,
	"due_time" text,
	"repeat_data" jsonb,
	"assignee" jsonb NOT NULL DEFAULT '{"kind":"applier"}'::jsonb,
	"created_by" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "task_template_pk" PRIMARY KEY ("team_uid", "template_uid"),
	CONSTRAINT "task_template_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE
);
