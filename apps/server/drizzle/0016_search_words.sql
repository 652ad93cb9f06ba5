-- Typo tolerance through a dictionary (issue 7): the distinct words of a team's contact names,
-- kept by the database itself. A free-text token nobody has as typed (a typo) is replaced by the
-- team's name words close to it (pg_trgm word similarity, this table's trigram index) and each of
-- those is then matched as typed, by the same trigram LIKE as any token (modules/search/repo.ts
-- typoCorrections). Computing word similarity for every contact sharing a trigram with the typo
-- cost 13-17 ms of PostgreSQL's CPU a query, and PGlite's planner read the whole team for it;
-- the dictionary is a few hundred to a few thousand words a team.
-- A word stays when its last contact goes (a stale word only adds a LIKE that finds nobody).
CREATE TABLE "search_word" (
	"team_uid" text COLLATE "C" NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_word_pk" PRIMARY KEY ("team_uid", "word"),
	CONSTRAINT "search_word_team_fk" FOREIGN KEY ("team_uid") REFERENCES "team"("team_uid") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("team_uid", "word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_word" ("team_uid", "word")
	SELECT DISTINCT c."team_uid", w.word FROM "contact" c, regexp_split_to_table(btrim(c."search_names"), '\s+') AS w(word)
	WHERE w.word <> ''
	ON CONFLICT DO NOTHING;--> statement-breakpoint
-- New contacts: one statement-level insert for a whole import (a transition table), not one per row.
CREATE FUNCTION search_words_of_new_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_word (team_uid, word)
		SELECT DISTINCT n.team_uid, w.word FROM added n, regexp_split_to_table(btrim(n.search_names), '\s+') AS w(word)
		WHERE w.word <> ''
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contact_search_words_insert" AFTER INSERT ON "contact"
	REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION search_words_of_new_contacts();--> statement-breakpoint
-- ALWAYS: bulk loads run with session_replication_role = replica (to skip per-row foreign-key
-- checks, seed/demo.repo.ts), which silences ordinary triggers; the dictionary must still follow.
ALTER TABLE "contact" ENABLE ALWAYS TRIGGER "contact_search_words_insert";--> statement-breakpoint
-- Renamed contacts: per row, and only when the names changed (a stage move touches the contact
-- row too, and must not pay for this).
CREATE FUNCTION search_words_of_renamed_contact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_word (team_uid, word)
		SELECT NEW.team_uid, w.word FROM regexp_split_to_table(btrim(NEW.search_names), '\s+') AS w(word)
		WHERE w.word <> ''
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contact_search_words_rename" AFTER UPDATE OF "first_name", "last_name", "full_name" ON "contact"
	FOR EACH ROW WHEN (OLD.search_names IS DISTINCT FROM NEW.search_names) EXECUTE FUNCTION search_words_of_renamed_contact();--> statement-breakpoint
ALTER TABLE "contact" ENABLE ALWAYS TRIGGER "contact_search_words_rename";
