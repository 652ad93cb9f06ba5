-- Team KPIs (issue 8 "Dashboards"; SPEC §3 Team.kpis) and the daily rollups they are read from.
--
-- kpi_rollup: per team, actor, local day and event (core kpiEventOf: contacts added, entered a
-- stage of a pipeline, messages, tasks done, deals won with their value per currency), how many
-- and (deals) how much. modules/activities/service.ts recordActivities adds to it in the same
-- transaction that writes the activities, one set-based upsert per batch.
-- The day is on the ACTOR's calendar (user_profile.time_zone, UTC when unset): a KPI counts what
-- each person did on their own day, like the home dashboard's week and streak, so a member in
-- Sydney and one in Berlin each get "today" as they lived it, and the home dashboard can read
-- the same rows. A later change of zone does not move days already rolled up.
CREATE TABLE "kpi_rollup" (
	"team_uid" text COLLATE "C" NOT NULL,
	"kind" text NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL DEFAULT '',
	"stage_uid" text COLLATE "C" NOT NULL DEFAULT '',
	"currency" text NOT NULL DEFAULT '',
	"day" date NOT NULL,
	"uid" text COLLATE "C" NOT NULL DEFAULT '',
	"count" bigint NOT NULL DEFAULT 0,
	"value" numeric NOT NULL DEFAULT 0,
	CONSTRAINT "kpi_rollup_pk" PRIMARY KEY ("team_uid", "kind", "pipeline_uid", "stage_uid", "currency", "day", "uid"),
	CONSTRAINT "kpi_rollup_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE
);--> statement-breakpoint
CREATE TABLE "kpi" (
	"team_uid" text COLLATE "C" NOT NULL,
	"kpi_uid" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"event" text NOT NULL,
	"pipeline_uid" text COLLATE "C",
	"stage_uid" text COLLATE "C",
	"currency" text,
	"period" text NOT NULL,
	"range_from" date,
	"range_to" date,
	"target" numeric NOT NULL DEFAULT 0,
	"members" jsonb,
	"created_by" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "kpi_pk" PRIMARY KEY ("team_uid", "kpi_uid"),
	CONSTRAINT "kpi_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE
);--> statement-breakpoint
-- Backfill from the activities already written (the same rule as core KPI_EVENT_SQL). Zones
-- PostgreSQL does not know fall back to UTC here (profiles are validated on save).
INSERT INTO "kpi_rollup" ("team_uid", "kind", "pipeline_uid", "stage_uid", "currency", "day", "uid", "count", "value")
SELECT a.team_uid, k.kind,
	CASE WHEN k.kind IN ('stage', 'won') THEN coalesce(a.pipeline_uid, '') ELSE '' END,
	CASE WHEN k.kind = 'stage' THEN a.stage_uid ELSE '' END,
	CASE WHEN k.kind = 'won' THEN coalesce(a.currency, '') ELSE '' END,
	(a.created_at AT TIME ZONE coalesce(z.name, 'UTC'))::date,
	coalesce(a.created_by_uid, ''),
	count(*),
	CASE WHEN k.kind = 'won' THEN coalesce(sum(a.value), 0) ELSE 0 END
FROM "activity" a
CROSS JOIN LATERAL (SELECT CASE
	WHEN a.type = 'initial' THEN 'added'
	WHEN a.type = 'message' THEN 'message'
	WHEN a.type = 'task' AND a.action = 'completed' THEN 'task'
	WHEN ((a.type = 'stage' AND a.action = 'changed') OR (a.type = 'pipeline' AND a.action = 'added'))
		AND a.pipeline_uid IS NOT NULL AND a.stage_uid IS NOT NULL THEN 'stage'
	WHEN a.type = 'pipeline' AND a.action = 'dealWon' THEN 'won'
END AS kind) k
LEFT JOIN "user_profile" p ON p.uid = a.created_by_uid
LEFT JOIN pg_timezone_names z ON z.name = p.time_zone
WHERE k.kind IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;
