DROP INDEX "activity_contact_idx";--> statement-breakpoint
CREATE INDEX "activity_contact_idx" ON "activity" USING btree ("team_uid","gtid","created_at_unix","activity_uid");