CREATE TABLE "filter_set" (
	"team_uid" text COLLATE "C" NOT NULL,
	"filter_set_uid" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"sort" jsonb,
	"columns" jsonb,
	"shared" boolean NOT NULL DEFAULT false,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "filter_set_pk" PRIMARY KEY ("team_uid", "filter_set_uid"),
	CONSTRAINT "filter_set_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "filter_set_author_idx" ON "filter_set" ("team_uid", "created_by");
