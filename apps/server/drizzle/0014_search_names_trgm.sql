-- Relevance as a top-k (issue 7): the search reads relevance's classes one at a time, best first
-- (modules/search/repo.ts relevanceTopK), and class 0 is "every token a prefix of a name word",
-- a LIKE on search_names. This trigram index answers it by its own few rows: an e-mail or phone
-- fragment ("example", "555") has no name match, found without reading the ~30,000 contacts
-- whose e-mail or phone matches (the search_doc index holds those). team_uid leads (btree_gin,
-- migration 0009) as in contact_team_search_trgm_idx.
CREATE INDEX "contact_team_names_trgm_idx" ON "contact" USING gin ("team_uid", "search_names" gin_trgm_ops);
