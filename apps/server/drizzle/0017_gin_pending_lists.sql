-- GIN's pending list (fastupdate) holds new entries unsorted until VACUUM or autoanalyze merges
-- them into the index, and every scan reads all of it. Embedded PGlite has no autovacuum, so the
-- trigram indexes' lists grew to their 4 MB limit and every search's trigram scan read ~400
-- pages of them first (a names LIKE finding nothing: 10 ms on PGlite, 0.1 ms once merged). A
-- 64 kB limit (the least allowed) keeps inserts batched and a scan's extra reads to a few pages;
-- PostgreSQL, which merges with autovacuum anyway, gets the same setting.
ALTER INDEX "contact_team_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "contact_team_names_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "search_word_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list('contact_team_search_trgm_idx'::regclass),
	gin_clean_pending_list('contact_team_names_trgm_idx'::regclass),
	gin_clean_pending_list('search_word_trgm_idx'::regclass);
