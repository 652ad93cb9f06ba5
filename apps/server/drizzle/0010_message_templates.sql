CREATE TABLE "message_template_category" (
	"team_uid" text COLLATE "C" NOT NULL,
	"category_id" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL DEFAULT 0,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "message_template_category_pk" PRIMARY KEY ("team_uid", "category_id"),
	CONSTRAINT "message_template_category_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE
);--> statement-breakpoint
CREATE TABLE "message_template_type" (
	"team_uid" text COLLATE "C" NOT NULL,
	"type_id" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL DEFAULT 0,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "message_template_type_pk" PRIMARY KEY ("team_uid", "type_id"),
	CONSTRAINT "message_template_type_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE
);--> statement-breakpoint
CREATE TABLE "message_template" (
	"team_uid" text COLLATE "C" NOT NULL,
	"template_uid" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"category_id" text COLLATE "C",
	"type_id" text COLLATE "C",
	"tags" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"created_by" text COLLATE "C" NOT NULL,
	"updated_by" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "message_template_pk" PRIMARY KEY ("team_uid", "template_uid"),
	CONSTRAINT "message_template_team_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team" ("team_uid") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "message_template_name_idx" ON "message_template" ("team_uid", lower("name"), "template_uid");
