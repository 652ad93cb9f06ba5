-- Sign-ups waiting for their confirmation mail (SMTP_URL set). The token is kept only as its
-- SHA-256, the password only as better-auth's hash; a row is used once and expires.
CREATE TABLE "pending_signup" (
	"token_hash" text COLLATE "C" PRIMARY KEY,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"team_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "pending_signup_expires_idx" ON "pending_signup" ("expires_at");
