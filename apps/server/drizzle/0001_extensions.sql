-- Trigram indexes for typo-tolerant search (DESIGN §2): pg_trgm ships with PostgreSQL's contrib
-- and is loaded into embedded PGlite by the worker.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
