CREATE TABLE "team_directory" (
	"team_uid" text COLLATE "C" PRIMARY KEY NOT NULL,
	"shard" text DEFAULT 'S1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profile" (
	"uid" text COLLATE "C" PRIMARY KEY NOT NULL,
	"current_team_uid" text COLLATE "C",
	"password_set" boolean DEFAULT true NOT NULL,
	"terms_version" text,
	"default_contact_view" text DEFAULT 'pipeline' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"team_uid" text COLLATE "C" NOT NULL,
	"seq" bigint NOT NULL,
	"resource" text NOT NULL,
	"id" text COLLATE "C" NOT NULL,
	"op" text NOT NULL,
	"change_id" text COLLATE "C",
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_log_team_uid_seq_pk" PRIMARY KEY("team_uid","seq")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"team_uid" text COLLATE "C" NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"deliver_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_team_uid_id_pk" PRIMARY KEY("team_uid","id")
);
--> statement-breakpoint
CREATE TABLE "pipeline_access" (
	"team_uid" text COLLATE "C" NOT NULL,
	"uid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	CONSTRAINT "pipeline_access_team_uid_uid_pipeline_uid_pk" PRIMARY KEY("team_uid","uid","pipeline_uid")
);
--> statement-breakpoint
CREATE TABLE "team" (
	"team_uid" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_uid" text COLLATE "C" NOT NULL,
	"subscription" jsonb,
	"ai_context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_counter" (
	"team_uid" text COLLATE "C" PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline" (
	"team_uid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	"nick_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"fb_group_url" text,
	"fb_connected" boolean DEFAULT false NOT NULL,
	"ig_connected" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_team_uid_pipeline_uid_pk" PRIMARY KEY("team_uid","pipeline_uid")
);
--> statement-breakpoint
CREATE TABLE "stage" (
	"team_uid" text COLLATE "C" NOT NULL,
	"stage_uid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"font_color" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"phase" text,
	"idx" integer NOT NULL,
	"remote_id" text,
	CONSTRAINT "stage_team_uid_stage_uid_pk" PRIMARY KEY("team_uid","stage_uid")
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"team_uid" text COLLATE "C" NOT NULL,
	"activity_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"pipeline_uid" text COLLATE "C",
	"stage_uid" text COLLATE "C",
	"created_by_uid" text COLLATE "C",
	"created_by" text,
	"value" numeric,
	"note" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at_unix" bigint NOT NULL,
	CONSTRAINT "activity_team_uid_activity_uid_pk" PRIMARY KEY("team_uid","activity_uid")
);
--> statement-breakpoint
CREATE TABLE "contact" (
	"team_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email_address" text,
	"phone_number" text,
	"photo_url" text,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profiles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone,
	CONSTRAINT "contact_team_uid_gtid_pk" PRIMARY KEY("team_uid","gtid")
);
--> statement-breakpoint
CREATE TABLE "contact_pipeline" (
	"team_uid" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	"stage_uid" text COLLATE "C" NOT NULL,
	"position" text COLLATE "C" NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_pipeline_team_uid_gtid_pipeline_uid_pk" PRIMARY KEY("team_uid","gtid","pipeline_uid")
);
--> statement-breakpoint
CREATE TABLE "stage_history" (
	"team_uid" text COLLATE "C" NOT NULL,
	"id" text COLLATE "C" NOT NULL,
	"gtid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	"stage_uid" text COLLATE "C" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_history_team_uid_id_pk" PRIMARY KEY("team_uid","id")
);
--> statement-breakpoint
ALTER TABLE "pipeline" ADD CONSTRAINT "pipeline_team_uid_team_team_uid_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage" ADD CONSTRAINT "stage_team_uid_pipeline_uid_pipeline_team_uid_pipeline_uid_fk" FOREIGN KEY ("team_uid","pipeline_uid") REFERENCES "public"."pipeline"("team_uid","pipeline_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_team_uid_gtid_contact_team_uid_gtid_fk" FOREIGN KEY ("team_uid","gtid") REFERENCES "public"."contact"("team_uid","gtid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_team_uid_team_team_uid_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."team"("team_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_pipeline" ADD CONSTRAINT "contact_pipeline_team_uid_gtid_contact_team_uid_gtid_fk" FOREIGN KEY ("team_uid","gtid") REFERENCES "public"."contact"("team_uid","gtid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_pipeline" ADD CONSTRAINT "contact_pipeline_team_uid_pipeline_uid_pipeline_team_uid_pipeline_uid_fk" FOREIGN KEY ("team_uid","pipeline_uid") REFERENCES "public"."pipeline"("team_uid","pipeline_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_pipeline" ADD CONSTRAINT "contact_pipeline_team_uid_stage_uid_stage_team_uid_stage_uid_fk" FOREIGN KEY ("team_uid","stage_uid") REFERENCES "public"."stage"("team_uid","stage_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_history" ADD CONSTRAINT "stage_history_team_uid_gtid_contact_team_uid_gtid_fk" FOREIGN KEY ("team_uid","gtid") REFERENCES "public"."contact"("team_uid","gtid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_pipeline_idx" ON "stage" USING btree ("team_uid","pipeline_uid","idx");--> statement-breakpoint
CREATE INDEX "activity_contact_idx" ON "activity" USING btree ("team_uid","gtid","created_at");--> statement-breakpoint
CREATE INDEX "activity_team_time_idx" ON "activity" USING btree ("team_uid","created_at");--> statement-breakpoint
CREATE INDEX "contact_pipeline_stage_order_idx" ON "contact_pipeline" USING btree ("team_uid","pipeline_uid","stage_uid","position","gtid");--> statement-breakpoint
CREATE INDEX "stage_history_contact_idx" ON "stage_history" USING btree ("team_uid","gtid","pipeline_uid","at");