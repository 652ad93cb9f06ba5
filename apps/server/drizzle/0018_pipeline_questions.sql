-- Which of the team's questions (its question bank, SPEC §3 Team `questions`) each pipeline asks.
-- Shown in the bank's order; a new pipeline asks none. Deleting a question or a pipeline drops
-- its links; contacts' answers stay in their pipeline with the text as asked.
CREATE TABLE "pipeline_question" (
	"team_uid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	"question_uid" text COLLATE "C" NOT NULL,
	CONSTRAINT "pipeline_question_pk" PRIMARY KEY ("team_uid", "pipeline_uid", "question_uid"),
	CONSTRAINT "pipeline_question_pipeline_fk" FOREIGN KEY ("team_uid", "pipeline_uid")
		REFERENCES "public"."pipeline" ("team_uid", "pipeline_uid") ON DELETE cascade,
	CONSTRAINT "pipeline_question_question_fk" FOREIGN KEY ("team_uid", "question_uid")
		REFERENCES "public"."team_question" ("team_uid", "question_uid") ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX "pipeline_question_question_idx" ON "pipeline_question" ("team_uid", "question_uid");--> statement-breakpoint
-- Until now every pipeline showed every question, though they were written for a Facebook group's
-- join form: the pipelines of a Facebook group keep them, the others start with none.
INSERT INTO "pipeline_question" ("team_uid", "pipeline_uid", "question_uid")
SELECT p."team_uid", p."pipeline_uid", q."question_uid"
FROM "pipeline" p
JOIN "team_question" q ON q."team_uid" = p."team_uid" AND q."kind" = 'live'
WHERE p."fb_group_url" IS NOT NULL AND btrim(p."fb_group_url") <> '';
