-- Each stage's contact count and open and won deal totals, kept as the writes happen, so the board
-- (the screen people open most) reads a few rows per stage instead of counting every card and
-- summing every deal of the pipeline on each open.
--
-- Rows are deltas: a trigger only ever inserts (a move is -1 in one stage, +1 in another), so
-- concurrent moves never wait on a shared counter row and cannot deadlock on one. A stage's figure
-- is the sum of its rows; `foldStageTallies` (modules/board/tally.ts) regularly replaces a
-- pipeline's rows by their sums.
--
-- Deal totals keep each amount's scale apart (a deal value has 0 to 4 decimals): the board shows a
-- sum with the scale SUM gives over the deals there now (the largest of theirs), which a running
-- total alone cannot know once a deal with more decimals has gone.
CREATE TABLE "stage_tally" (
	"team_uid" text COLLATE "C" NOT NULL,
	"pipeline_uid" text COLLATE "C" NOT NULL,
	"stage_uid" text COLLATE "C" NOT NULL,
	-- NULL on a contact-count row; a deal row has its currency and the scale of its amounts.
	"currency" text,
	"scale" smallint DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"open_deals" integer DEFAULT 0 NOT NULL,
	"open_value" numeric DEFAULT 0 NOT NULL,
	"won_deals" integer DEFAULT 0 NOT NULL,
	"won_value" numeric DEFAULT 0 NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
CREATE INDEX "stage_tally_pipeline_idx" ON "stage_tally" ("team_uid", "pipeline_uid");--> statement-breakpoint
CREATE INDEX "stage_tally_unfolded_idx" ON "stage_tally" ("team_uid", "pipeline_uid") WHERE NOT "folded";--> statement-breakpoint
-- Contacts placed in a pipeline: +1 in their stage (a new placement has no deals yet: a deal
-- needs its placement first).
CREATE FUNCTION stage_tally_placed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO stage_tally (team_uid, pipeline_uid, stage_uid, contacts)
	SELECT team_uid, pipeline_uid, stage_uid, count(*) FROM placed GROUP BY team_uid, pipeline_uid, stage_uid;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contact_pipeline_tally_insert" AFTER INSERT ON "contact_pipeline"
	REFERENCING NEW TABLE AS placed FOR EACH STATEMENT EXECUTE FUNCTION stage_tally_placed();--> statement-breakpoint
-- A contact moved to another stage: -1 in the old, +1 in the new, and its deals with it. Per row
-- and only when the stage changed (the WHEN is checked before any call): a reorder within a stage,
-- the board's most common write after a move, pays nothing.
CREATE FUNCTION stage_tally_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO stage_tally (team_uid, pipeline_uid, stage_uid, contacts)
	VALUES (OLD.team_uid, OLD.pipeline_uid, OLD.stage_uid, -1), (NEW.team_uid, NEW.pipeline_uid, NEW.stage_uid, 1);
	-- A placement's key cannot change while it has deals (their foreign key): its deals are
	-- NEW's, and they were in OLD's stage.
	IF EXISTS (SELECT 1 FROM deal d WHERE d.team_uid = NEW.team_uid AND d.gtid = NEW.gtid
			AND d.pipeline_uid = NEW.pipeline_uid AND d.status IN ('open', 'won')) THEN
		INSERT INTO stage_tally (team_uid, pipeline_uid, stage_uid, currency, scale, open_deals, open_value, won_deals, won_value)
		SELECT d.team_uid, d.pipeline_uid, m.stage_uid, d.currency, scale(d.value),
			m.sign * count(*) FILTER (WHERE d.status = 'open'),
			m.sign * COALESCE(sum(d.value) FILTER (WHERE d.status = 'open'), 0),
			m.sign * count(*) FILTER (WHERE d.status = 'won'),
			m.sign * COALESCE(sum(d.value) FILTER (WHERE d.status = 'won'), 0)
		FROM deal d
		CROSS JOIN (VALUES (OLD.stage_uid, -1), (NEW.stage_uid, 1)) AS m(stage_uid, sign)
		WHERE d.team_uid = NEW.team_uid AND d.gtid = NEW.gtid AND d.pipeline_uid = NEW.pipeline_uid
			AND d.status IN ('open', 'won')
		GROUP BY d.team_uid, d.pipeline_uid, m.stage_uid, m.sign, d.currency, scale(d.value);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contact_pipeline_tally_update" AFTER UPDATE OF "stage_uid", "team_uid", "gtid", "pipeline_uid"
	ON "contact_pipeline" FOR EACH ROW
	WHEN (OLD.stage_uid IS DISTINCT FROM NEW.stage_uid OR OLD.team_uid IS DISTINCT FROM NEW.team_uid
		OR OLD.gtid IS DISTINCT FROM NEW.gtid OR OLD.pipeline_uid IS DISTINCT FROM NEW.pipeline_uid)
	EXECUTE FUNCTION stage_tally_moved();--> statement-breakpoint
-- A placement removed: -1, and its deals, counted BEFORE the row goes, because its deals are then
-- deleted by their foreign key's cascade, when the placement (their stage) is no longer there.
CREATE FUNCTION stage_tally_unplaced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO stage_tally (team_uid, pipeline_uid, stage_uid, contacts)
	VALUES (OLD.team_uid, OLD.pipeline_uid, OLD.stage_uid, -1);
	INSERT INTO stage_tally (team_uid, pipeline_uid, stage_uid, currency, scale, open_deals, open_value, won_deals, won_value)
	SELECT d.team_uid, d.pipeline_uid, OLD.stage_uid, d.currency, scale(d.value),
		-count(*) FILTER (WHERE d.status = 'open'), -COALESCE(sum(d.value) FILTER (WHERE d.status = 'open'), 0),
		-count(*) FILTER (WHERE d.status = 'won'), -COALESCE(sum(d.value) FILTER (WHERE d.status = 'won'), 0)
	FROM deal d
	WHERE d.team_uid = OLD.team_uid AND d.gtid = OLD.gtid AND d.pipeline_uid = OLD.pipeline_uid
		AND d.status IN ('open', 'won')
	GROUP BY d.team_uid, d.pipeline_uid, d.currency, scale(d.value);
	RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contact_pipeline_tally_delete" BEFORE DELETE ON "contact_pipeline"
	FOR EACH ROW EXECUTE FUNCTION stage_tally_unplaced();--> statement-breakpoint
-- Deals written (before and after images as JSON arrays of deal rows; NULL for none): signed, per
-- stage of their contact's placement. The placements are locked first, so a concurrent move of the
-- same contact is either wholly before (its new stage is read here) or wholly after (it moves this
-- deal with the others). A deal whose placement is gone (the cascade after stage_tally_unplaced)
-- joins nothing: it was taken off with its placement.
CREATE FUNCTION stage_tally_deals(before_rows jsonb, after_rows jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM 1 FROM contact_pipeline cp
	WHERE (cp.team_uid, cp.gtid, cp.pipeline_uid) IN (
		SELECT a.team_uid COLLATE "C", a.gtid COLLATE "C", a.pipeline_uid COLLATE "C"
		FROM jsonb_to_recordset(COALESCE(after_rows, '[]')) AS a(team_uid text, gtid text, pipeline_uid text))
	ORDER BY cp.team_uid, cp.gtid, cp.pipeline_uid
	FOR NO KEY UPDATE OF cp;
	INSERT INTO stage_tally (team_uid, pipeline_uid, stage_uid, currency, scale, open_deals, open_value, won_deals, won_value)
	SELECT cp.team_uid, cp.pipeline_uid, cp.stage_uid, d.currency, scale(d.value),
		COALESCE(sum(d.sign) FILTER (WHERE d.status = 'open'), 0),
		COALESCE(sum(d.sign * d.value) FILTER (WHERE d.status = 'open'), 0),
		COALESCE(sum(d.sign) FILTER (WHERE d.status = 'won'), 0),
		COALESCE(sum(d.sign * d.value) FILTER (WHERE d.status = 'won'), 0)
	FROM (
		SELECT b.*, -1 AS sign FROM jsonb_to_recordset(COALESCE(before_rows, '[]'))
			AS b(team_uid text, gtid text, pipeline_uid text, currency text, value numeric, status text)
		UNION ALL
		SELECT a.*, 1 AS sign FROM jsonb_to_recordset(COALESCE(after_rows, '[]'))
			AS a(team_uid text, gtid text, pipeline_uid text, currency text, value numeric, status text)
	) d
	JOIN contact_pipeline cp ON cp.team_uid = d.team_uid COLLATE "C" AND cp.gtid = d.gtid COLLATE "C"
		AND cp.pipeline_uid = d.pipeline_uid COLLATE "C"
	WHERE d.status IN ('open', 'won')
	GROUP BY cp.team_uid, cp.pipeline_uid, cp.stage_uid, d.currency, scale(d.value)
	-- An update that left amount and status alone (a rename) nets to nothing.
	HAVING COALESCE(sum(d.sign) FILTER (WHERE d.status = 'open'), 0) <> 0
		OR COALESCE(sum(d.sign) FILTER (WHERE d.status = 'won'), 0) <> 0
		OR COALESCE(sum(d.sign * d.value) FILTER (WHERE d.status = 'open'), 0) <> 0
		OR COALESCE(sum(d.sign * d.value) FILTER (WHERE d.status = 'won'), 0) <> 0;
END
$$;--> statement-breakpoint
CREATE FUNCTION stage_tally_deals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM stage_tally_deals(NULL, (SELECT jsonb_agg(to_jsonb(a)) FROM deals_after a));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION stage_tally_deals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM stage_tally_deals((SELECT jsonb_agg(to_jsonb(b)) FROM deals_before b),
		(SELECT jsonb_agg(to_jsonb(a)) FROM deals_after a));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION stage_tally_deals_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM stage_tally_deals((SELECT jsonb_agg(to_jsonb(b)) FROM deals_before b), NULL);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deal_tally_insert" AFTER INSERT ON "deal"
	REFERENCING NEW TABLE AS deals_after FOR EACH STATEMENT EXECUTE FUNCTION stage_tally_deals_inserted();--> statement-breakpoint
CREATE TRIGGER "deal_tally_update" AFTER UPDATE ON "deal"
	REFERENCING OLD TABLE AS deals_before NEW TABLE AS deals_after
	FOR EACH STATEMENT EXECUTE FUNCTION stage_tally_deals_updated();--> statement-breakpoint
CREATE TRIGGER "deal_tally_delete" AFTER DELETE ON "deal"
	REFERENCING OLD TABLE AS deals_before FOR EACH STATEMENT EXECUTE FUNCTION stage_tally_deals_deleted();--> statement-breakpoint
-- ALWAYS: bulk loads run with session_replication_role = replica (seed/demo.repo.ts), which
-- silences ordinary triggers; the tallies must still follow.
ALTER TABLE "contact_pipeline" ENABLE ALWAYS TRIGGER "contact_pipeline_tally_insert";--> statement-breakpoint
ALTER TABLE "contact_pipeline" ENABLE ALWAYS TRIGGER "contact_pipeline_tally_update";--> statement-breakpoint
ALTER TABLE "contact_pipeline" ENABLE ALWAYS TRIGGER "contact_pipeline_tally_delete";--> statement-breakpoint
ALTER TABLE "deal" ENABLE ALWAYS TRIGGER "deal_tally_insert";--> statement-breakpoint
ALTER TABLE "deal" ENABLE ALWAYS TRIGGER "deal_tally_update";--> statement-breakpoint
ALTER TABLE "deal" ENABLE ALWAYS TRIGGER "deal_tally_delete";--> statement-breakpoint
-- The tallies of what is there now, folded.
INSERT INTO "stage_tally" ("team_uid", "pipeline_uid", "stage_uid", "contacts", "folded")
SELECT "team_uid", "pipeline_uid", "stage_uid", count(*), true FROM "contact_pipeline"
GROUP BY "team_uid", "pipeline_uid", "stage_uid";--> statement-breakpoint
INSERT INTO "stage_tally" ("team_uid", "pipeline_uid", "stage_uid", "currency", "scale", "open_deals", "open_value", "won_deals", "won_value", "folded")
SELECT d."team_uid", d."pipeline_uid", cp."stage_uid", d."currency", scale(d."value"),
	count(*) FILTER (WHERE d."status" = 'open'), COALESCE(sum(d."value") FILTER (WHERE d."status" = 'open'), 0),
	count(*) FILTER (WHERE d."status" = 'won'), COALESCE(sum(d."value") FILTER (WHERE d."status" = 'won'), 0), true
FROM "deal" d
JOIN "contact_pipeline" cp ON cp."team_uid" = d."team_uid" AND cp."gtid" = d."gtid" AND cp."pipeline_uid" = d."pipeline_uid"
WHERE d."status" IN ('open', 'won')
GROUP BY d."team_uid", d."pipeline_uid", cp."stage_uid", d."currency", scale(d."value");
