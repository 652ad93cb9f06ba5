-- Search speed (issue 7, 1,000,000 contacts over 1,000 teams): the trigram index leads with
-- team_uid (btree_gin), so a free-text search reads and rechecks only its own team's rows instead
-- of every team's; expression indexes give the e-mail, phone, source and last-activity sorts their exact sort
-- key, so a sorted page (and a deep one, up to from + size = 10,000) is an index walk, not a sort.
-- Two stored columns spare the relevance sort its per-row work: search_names (the name words,
-- lower case, each after a space) and sort_name (the name sort key, now indexed as a column).
-- btree_gin ships with PostgreSQL's contrib and is loaded into embedded PGlite by the worker.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "contact_team_search_trgm_idx" ON "contact" USING gin ("team_uid", "search_doc" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "contact_search_doc_trgm_idx";--> statement-breakpoint
CREATE INDEX "contact_email_sort_idx" ON "contact" USING btree ("team_uid", (lower(coalesce("email_address", '')) COLLATE "C"), "gtid");--> statement-breakpoint
CREATE INDEX "contact_last_activity_sort_idx" ON "contact" USING btree ("team_uid", (coalesce("last_activity_at", '-infinity'::timestamptz)), "gtid");--> statement-breakpoint
CREATE INDEX "contact_phone_sort_idx" ON "contact" USING btree ("team_uid", (regexp_replace(coalesce("phone_number", ''), '[^0-9]', '', 'g') COLLATE "C"), "gtid");--> statement-breakpoint
CREATE INDEX "contact_source_sort_idx" ON "contact" USING btree ("team_uid", (coalesce("sources"->>0, '') COLLATE "C"), "gtid");--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "search_names" text GENERATED ALWAYS AS (' ' || lower("first_name") || ' ' || lower("last_name") || ' ' || lower("full_name")) STORED;--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "sort_name" text COLLATE "C" GENERATED ALWAYS AS (lower(coalesce(nullif("full_name", ''), btrim("first_name" || ' ' || "last_name")))) STORED;--> statement-breakpoint
CREATE INDEX "contact_sort_name_idx" ON "contact" USING btree ("team_uid", "sort_name", "gtid");--> statement-breakpoint
DROP INDEX IF EXISTS "contact_name_sort_idx";
