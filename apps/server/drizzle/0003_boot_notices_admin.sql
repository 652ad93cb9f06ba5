CREATE TABLE "analytics_event" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"uid" text COLLATE "C",
	"team_uid" text COLLATE "C",
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_notification" (
	"notification_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"platform" text DEFAULT 'any' NOT NULL,
	"type" text DEFAULT 'banner' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"link" text,
	"link_text" text,
	"page" text,
	"position" text,
	"background_color" text,
	"font_color" text,
	"background_icon" text,
	"created_by_uid" text COLLATE "C",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extension_login_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"uid" text COLLATE "C" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_stamp" (
	"uid" text COLLATE "C" NOT NULL,
	"notification_id" text COLLATE "C" NOT NULL,
	"stamp" bigint NOT NULL,
	CONSTRAINT "notification_stamp_uid_notification_id_pk" PRIMARY KEY("uid","notification_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_event_time_idx" ON "analytics_event" USING btree ("created_at");