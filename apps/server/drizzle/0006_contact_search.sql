-- Search service (issue 7, SPEC §7): a contact's searchable words (packages/core searchDocument
-- builds the same string), stored as a generated column with a trigram index for prefix (LIKE)
-- and typo-tolerant (<%) matching, plus btree indexes for the sorts. Same SQL on PGlite and
-- PostgreSQL 15.
CREATE FUNCTION contact_search_doc(first_name text, last_name text, full_name text, email text, phone text, profiles jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || array_to_string(array_remove(regexp_split_to_array(btrim(concat_ws(' ',
    lower(first_name), lower(last_name), lower(full_name),
    btrim(regexp_replace(lower(first_name), '[^a-z0-9]+', ' ', 'g')),
    btrim(regexp_replace(lower(last_name), '[^a-z0-9]+', ' ', 'g')),
    btrim(regexp_replace(lower(full_name), '[^a-z0-9]+', ' ', 'g')),
    lower(coalesce(email, '')),
    btrim(regexp_replace(lower(coalesce(email, '')), '[^a-z0-9]+', ' ', 'g')),
    regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'),
    (SELECT string_agg(h.handle || ' ' || btrim(regexp_replace(h.handle, '[^a-z0-9]+', ' ', 'g')), ' ' ORDER BY h.k COLLATE "C")
      FROM (SELECT e.k, regexp_replace(rtrim(regexp_replace(lower(e.v), '[?#].*$', ''), '/'), '^.*/', '') AS handle
        FROM jsonb_each_text(coalesce(profiles, '{}'::jsonb)) AS e(k, v)) h)
  )), '\s+'), ''), ' ')
$$;--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (contact_search_doc("first_name", "last_name", "full_name", "email_address", "phone_number", "profiles")) STORED;--> statement-breakpoint
CREATE INDEX "contact_search_doc_trgm_idx" ON "contact" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_created_idx" ON "contact" USING btree ("team_uid", "created_at", "gtid");--> statement-breakpoint
CREATE INDEX "contact_last_activity_idx" ON "contact" USING btree ("team_uid", "last_activity_at", "gtid");--> statement-breakpoint
CREATE INDEX "contact_name_sort_idx" ON "contact" USING btree ("team_uid", (lower(coalesce(nullif("full_name", ''), btrim("first_name" || ' ' || "last_name"))) COLLATE "C"), "gtid");
