CREATE TABLE "pipeline_phase" (
	"team_uid" text COLLATE "C" NOT NULL,
	"phase_uid" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#868E96' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pipeline_phase_team_uid_phase_uid_pk" PRIMARY KEY("team_uid","phase_uid")
);
--> statement-breakpoint
CREATE TABLE "team_question" (
	"team_uid" text COLLATE "C" NOT NULL,
	"question_uid" text COLLATE "C" NOT NULL,
	"kind" text DEFAULT 'live' NOT NULL,
	"question" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_question_team_uid_question_uid_pk" PRIMARY KEY("team_uid","question_uid")
);
--> statement-breakpoint
CREATE TABLE "answer" (
	"team_uid" text COLLATE "C" NOT NULL,
	"answer_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	"question_uid" text COLLATE "C",
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_team_uid_answer_uid_pk" PRIMARY KEY("team_uid","answer_uid")
);
--> statement-breakpoint
CREATE TABLE "deal" (
	"team_uid" text COLLATE "C" NOT NULL,
	"deal_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"value" numeric DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by_uid" text COLLATE "C",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_team_uid_deal_uid_pk" PRIMARY KEY("team_uid","deal_uid")
);
--> statement-breakpoint
CREATE TABLE "note" (
	"team_uid" text COLLATE "C" NOT NULL,
	"note_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C",
	"text" text NOT NULL,
	"created_by_uid" text COLLATE "C",
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_team_uid_note_uid_pk" PRIMARY KEY("team_uid","note_uid")
);
--> statement-breakpoint
CREATE TABLE "contact_tag" (
	"team_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C",
	"tag_set_uid" text COLLATE "C" NOT NULL,
	"tag_id" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tag_key" UNIQUE NULLS NOT DISTINCT("team_uid","gtid","pipeline_uid","tag_id")
);
--> statement-breakpoint
CREATE TABLE "status_label" (
	"team_uid" text COLLATE "C" NOT NULL,
	"label_uid" text COLLATE "C" NOT NULL,
	"display" text NOT NULL,
	"color" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "status_label_team_uid_label_uid_pk" PRIMARY KEY("team_uid","label_uid")
);
--> statement-breakpoint
CREATE TABLE "tag" (
	"team_uid" text COLLATE "C" NOT NULL,
	"tag_id" text COLLATE "C" NOT NULL,
	"tag_set_uid" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"color" text,
	"remote_id" text,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_team_uid_tag_id_pk" PRIMARY KEY("team_uid","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tag_set" (
	"team_uid" text COLLATE "C" NOT NULL,
	"tag_set_uid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C",
	"name" text NOT NULL,
	"color" text NOT NULL,
	"connection_uid" text COLLATE "C",
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_set_team_uid_tag_set_uid_pk" PRIMARY KEY("team_uid","tag_set_uid")
);
--> statement-breakpoint
CREATE TABLE "connection" (
	"team_uid" text COLLATE "C" NOT NULL,
	"connection_uid" text COLLATE "C" NOT NULL,
	"system" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"sync_period" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options_arr" jsonb,
	"sync_email_only" boolean DEFAULT false NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"selected_pipeline" text COLLATE "C",
	"used_in_pipelines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"used_in_tag_sets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_team_uid_connection_uid_pk" PRIMARY KEY("team_uid","connection_uid")
);
--> statement-breakpoint
ALTER TABLE "stage" ALTER COLUMN "phase" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "pipeline" ADD COLUMN "rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "ref_uid" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "status_label_uid" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "synced_to" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_phase" ADD CONSTRAINT "pipeline_phase_team_uid_team_team_uid_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question" ADD CONSTRAINT "team_question_team_uid_team_team_uid_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer" ADD CONSTRAINT "answer_team_uid_gtid_pipeline_uid_contact_pipeline_team_uid_gtid_pipeline_uid_fk" FOREIGN KEY ("team_uid","gtid","pipeline_uid") REFERENCES "public"."contact_pipeline"("team_uid","gtid","pipeline_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_team_uid_gtid_pipeline_uid_contact_pipeline_team_uid_gtid_pipeline_uid_fk" FOREIGN KEY ("team_uid","gtid","pipeline_uid") REFERENCES "public"."contact_pipeline"("team_uid","gtid","pipeline_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_team_uid_gtid_contact_team_uid_gtid_fk" FOREIGN KEY ("team_uid","gtid") REFERENCES "public"."contact"("team_uid","gtid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag" ADD CONSTRAINT "contact_tag_team_uid_gtid_contact_team_uid_gtid_fk" FOREIGN KEY ("team_uid","gtid") REFERENCES "public"."contact"("team_uid","gtid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag" ADD CONSTRAINT "contact_tag_team_uid_gtid_pipeline_uid_contact_pipeline_team_uid_gtid_pipeline_uid_fk" FOREIGN KEY ("team_uid","gtid","pipeline_uid") REFERENCES "public"."contact_pipeline"("team_uid","gtid","pipeline_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_label" ADD CONSTRAINT "status_label_team_uid_team_team_uid_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_team_uid_tag_set_uid_tag_set_team_uid_tag_set_uid_fk" FOREIGN KEY ("team_uid","tag_set_uid") REFERENCES "public"."tag_set"("team_uid","tag_set_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_set" ADD CONSTRAINT "tag_set_team_uid_team_team_uid_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_set" ADD CONSTRAINT "tag_set_team_uid_pipeline_uid_pipeline_team_uid_pipeline_uid_fk" FOREIGN KEY ("team_uid","pipeline_uid") REFERENCES "public"."pipeline"("team_uid","pipeline_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection" ADD CONSTRAINT "connection_team_uid_team_team_uid_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_contact_idx" ON "answer" USING btree ("team_uid","gtid","pipeline_uid","order");--> statement-breakpoint
CREATE INDEX "deal_contact_idx" ON "deal" USING btree ("team_uid","gtid","pipeline_uid");--> statement-breakpoint
CREATE INDEX "note_contact_idx" ON "note" USING btree ("team_uid","gtid","created_at");--> statement-breakpoint
CREATE INDEX "contact_tag_tag_idx" ON "contact_tag" USING btree ("team_uid","tag_id","gtid");--> statement-breakpoint
CREATE INDEX "tag_set_tags_idx" ON "tag" USING btree ("team_uid","tag_set_uid","order");--> statement-breakpoint
CREATE INDEX "tag_set_order_idx" ON "tag_set" USING btree ("team_uid","pipeline_uid","order");