import type { BoardCardAnswer, CardLabel, CardTag } from '@leadloom/core';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import type { TeamScope } from '../../db/scope';
import { visibleContacts, visiblePipelineFilter } from '../../db/visibility';

export interface CardKey {
  position: string;
  gtid: string;
}

export interface CardPage {
  cards: Omit<BoardCardAnswer, 'tagIDs' | 'statusLabel'>[];
  /** Key of the last card when more follow. */
  next: CardKey | null;
}

type CardRow = {
  stage_uid: string;
  position: string;
  gtid: string;
  full_name: string;
  first_name: string;
  last_name: string;
  email_address: string | null;
  photo_url: string | null;
  last_activity_at: Date | string | null;
};

const toCard = (row: CardRow): Omit<BoardCardAnswer, 'tagIDs' | 'statusLabel'> => ({
  GTID: row.gtid,
  fullName: row.full_name,
  firstName: row.first_name,
  lastName: row.last_name,
  emailAddress: row.email_address,
  photoURL: row.photo_url,
  lastActivityAt: row.last_activity_at ? new Date(row.last_activity_at).toISOString() : null,
});

function toPage(rows: CardRow[], limit: number): CardPage {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return {
    cards: kept.map(toCard),
    next: more && last ? { position: last.position, gtid: last.gtid } : null,
  };
}

const cardColumns = sql`cp.stage_uid, cp.position, c.gtid, c.full_name, c.first_name, c.last_name,
  c.email_address, c.photo_url, c.last_activity_at`;

/** The page of one stage after `after` (keyset on position, then GTID). */
export async function stagePage(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string,
  after: CardKey | null,
  limit: number,
): Promise<CardPage> {
  const r = await db.execute<CardRow>(sql`
    SELECT ${cardColumns}
    FROM contact_pipeline cp
    JOIN contact c ON c.team_uid = cp.team_uid AND c.gtid = cp.gtid
    WHERE cp.team_uid = ${scope.teamUID} AND cp.pipeline_uid = ${pipelineUID} AND cp.stage_uid = ${stageUID}
      AND ${visiblePipelineFilter(scope, sql`cp.pipeline_uid`)} AND ${visibleContacts(scope, 'c')}
      ${after ? sql`AND (cp.position, cp.gtid) > (${after.position}, ${after.gtid})` : sql``}
    ORDER BY cp.position, cp.gtid
    LIMIT ${limit + 1}`);
  return toPage(r.rows, limit);
}

/**
 * The tags of the given contacts as the board shows them in a pipeline (global tags and this
 * pipeline's), in one query: each contact's tag ids, and each tag described once, in display
 * order. Orphaned tags (no longer in a tag set) are left out.
 */
export async function cardTags(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  gtids: string[],
): Promise<{ byContact: Map<string, string[]>; tags: CardTag[] }> {
  const byContact = new Map<string, string[]>();
  const tags = new Map<string, CardTag>();
  if (gtids.length === 0) return { byContact, tags: [] };
  const r = await db.execute<{ gtid: string; tag_id: string; name: string; color: string }>(sql`
    SELECT ct.gtid, t.tag_id, t.name, COALESCE(t.color, ts.color) AS color
    FROM contact_tag ct
    JOIN tag t ON t.team_uid = ct.team_uid AND t.tag_id = ct.tag_id
    JOIN tag_set ts ON ts.team_uid = t.team_uid AND ts.tag_set_uid = t.tag_set_uid
    WHERE ct.team_uid = ${scope.teamUID}
      AND ct.gtid = ANY(${sql.param(gtids)}::text[])
      AND (ct.pipeline_uid IS NULL OR ct.pipeline_uid = ${pipelineUID})
    ORDER BY (ts.pipeline_uid IS NOT NULL), ts."order", ts.tag_set_uid, t."order", t.tag_id`);
  for (const row of r.rows) {
    if (!tags.has(row.tag_id)) {
      tags.set(row.tag_id, { tagID: row.tag_id, name: row.name, color: row.color });
    }
    const ids = byContact.get(row.gtid) ?? [];
    if (!ids.includes(row.tag_id)) ids.push(row.tag_id);
    byContact.set(row.gtid, ids);
  }
  return { byContact, tags: [...tags.values()] };
}

/** The status label of each of the given contacts that has one, in one query. */
export async function cardLabels(
  scope: TeamScope,
  db: AppDb,
  gtids: string[],
): Promise<Map<string, CardLabel>> {
  const byContact = new Map<string, CardLabel>();
  if (gtids.length === 0) return byContact;
  const r = await db.execute<{
    gtid: string;
    label_uid: string;
    display: string;
    color: string;
  }>(sql`
    SELECT c.gtid, l.label_uid, l.display, l.color
    FROM contact c
    JOIN status_label l ON l.team_uid = c.team_uid AND l.label_uid = c.status_label_uid
    WHERE c.team_uid = ${scope.teamUID} AND c.gtid = ANY(${sql.param(gtids)}::text[])`);
  for (const row of r.rows) {
    byContact.set(row.gtid, { labelUID: row.label_uid, display: row.display, color: row.color });
  }
  return byContact;
}

/**
 * The whole board answer (`BoardAnswer`, see @leadloom/core) as JSON text built by the database
 * in one statement: the pipeline, its stages in order with their card counts and deal totals, the
 * first page of each stage with every card's tag ids and status label, and the cards' tags, each
 * described once. Null when the pipeline is not there or not visible to the scope.
 *
 * One statement instead of six: each of those was parsed and planned again on every read, cost a
 * round trip (embedded, all queued on its one connection), and their rows were turned into
 * objects, joined in JavaScript and serialised again. Here the server passes the text through.
 * It is a named statement (see db/prepared.ts), so its plan is cached per connection. A card is
 * one row_to_json of a lateral row (json_build_object's name-value pairs cost more; a scalar
 * row_to_json subselect per card costs more still), and the team's tags and status labels are
 * made into JSON once each (tag_def, label_def), not per card.
 *
 * The cursors are {@link encodeCursorSql}'s, the same text as the stage-page route's.
 */
export async function boardJson(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  limit: number,
): Promise<string | null> {
  const r = await executePrepared<{ body: string }>(db, boardStatement(scope, pipelineUID, limit));
  return r.rows[0]?.body ?? null;
}

/**
 * How many cards of each stage the board statement reads: the page size rounded up to one of a
 * few sizes, plus one to tell whether more follow (the cards past the page are read, not sent).
 * A number in the statement's text, not a parameter: with a parameter PostgreSQL planned the
 * statement again on every call for small page sizes (it judged its cached generic plan dearer
 * than a fresh one for a LIMIT it could not see; 1 and 20 cards on the 10,000-contact demo
 * team), about 5 ms of PGlite's CPU a read.
 * A few sizes, not each one, so at most that many texts take named statements (db/prepared.ts).
 */
export function pageFetch(limit: number): number {
  const size = [25, 50, 100, 200].find((n) => n >= limit) ?? Math.ceil(limit);
  return size + 1;
}

/** {@link boardJson}'s statement. */
export function boardStatement(scope: TeamScope, pipelineUID: string, limit: number): SQL {
  // Counts and deal totals come from the stage tallies (migration 0019), kept at write time: the
  // same for every member who sees the pipeline, since a contact placed in a pipeline the member
  // sees is visible to them (db/visibility.ts).
  return sql`
    WITH tag_def AS MATERIALIZED (
      SELECT t.tag_id,
        json_build_object('tagID', t.tag_id, 'name', t.name, 'color', COALESCE(t.color, ts.color)) AS tag,
        (ts.pipeline_uid IS NOT NULL) AS pipeline_set, ts."order" AS set_order, ts.tag_set_uid,
        t."order" AS tag_order
      FROM tag t
      JOIN tag_set ts ON ts.team_uid = t.team_uid AND ts.tag_set_uid = t.tag_set_uid
      WHERE t.team_uid = ${scope.teamUID}
    ),
    -- Each status label as the cards show it, made once (not once per card that has it).
    label_def AS MATERIALIZED (
      SELECT l.label_uid,
        json_build_object('labelUID', l.label_uid, 'display', l.display, 'color', l.color) AS label
      FROM status_label l
      WHERE l.team_uid = ${scope.teamUID}
    ),
    -- The first page of each stage, plus one card to tell whether more follow.
    page AS MATERIALIZED (
      SELECT s.stage_uid, l.*
      FROM stage s
      CROSS JOIN LATERAL (
        SELECT row_number() OVER (ORDER BY cp.position, cp.gtid) AS n, cp.position, cp.gtid,
          c.full_name, c.first_name, c.last_name, c.email_address, c.photo_url,
          c.last_activity_at, c.status_label_uid
        FROM contact_pipeline cp
        JOIN contact c ON c.team_uid = cp.team_uid AND c.gtid = cp.gtid
        WHERE cp.team_uid = s.team_uid AND cp.pipeline_uid = s.pipeline_uid
          AND cp.stage_uid = s.stage_uid AND ${visibleContacts(scope, 'c')}
        ORDER BY cp.position, cp.gtid
        LIMIT ${sql.raw(String(pageFetch(limit)))}
      ) l
      WHERE s.team_uid = ${scope.teamUID} AND s.pipeline_uid = ${pipelineUID}
    ),
    -- The tags of the page's cards (global tags and this pipeline's, each once). Tags no tag
    -- set holds any more (orphaned) are left out.
    card_tag AS MATERIALIZED (
      SELECT DISTINCT ct.gtid, ct.tag_id
      FROM page pg
      JOIN contact_tag ct ON ct.team_uid = ${scope.teamUID} AND ct.gtid = pg.gtid
        AND (ct.pipeline_uid IS NULL OR ct.pipeline_uid = ${pipelineUID})
      WHERE pg.n <= ${limit} AND ct.tag_id IN (SELECT d.tag_id FROM tag_def d)
    ),
    -- Each card names its tags by id; the answer describes each tag once (\`tags\` below).
    card_tags AS (
      SELECT x.gtid, json_agg(x.tag_id) AS tag_ids
      FROM card_tag x
      GROUP BY x.gtid
    ),
    cards AS (
      SELECT pg.stage_uid,
        json_agg(row_to_json(card) ORDER BY pg.n) FILTER (WHERE pg.n <= ${limit}) AS contacts,
        CASE WHEN count(*) > ${limit}
          THEN min(${encodeCursorSql(sql`pg.position`, sql`pg.gtid`)}) FILTER (WHERE pg.n = ${limit})
        END AS next_cursor
      FROM page pg
      LEFT JOIN card_tags t ON t.gtid = pg.gtid
      LEFT JOIN label_def sl ON sl.label_uid = pg.status_label_uid
      -- A card is one row_to_json of this row: a tenth cheaper than json_build_object's
      -- name-value pairs, and compact (no spaces after the names).
      CROSS JOIN LATERAL (
        SELECT pg.gtid AS "GTID", pg.full_name AS "fullName", pg.first_name AS "firstName",
          pg.last_name AS "lastName", pg.email_address AS "emailAddress", pg.photo_url AS "photoURL",
          to_char(pg.last_activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            AS "lastActivityAt",
          sl.label AS "statusLabel", COALESCE(t.tag_ids, '[]'::json) AS "tagIDs"
      ) card
      GROUP BY pg.stage_uid
    )
    SELECT row_to_json(b)::text AS body FROM (
      SELECT
        (SELECT row_to_json(pp) FROM (
          SELECT p.pipeline_uid AS "groupUID", p.nick_name AS "nickName", p.is_default AS "isDefault"
        ) pp) AS pipeline,
        COALESCE((
          SELECT json_agg(st ORDER BY st.idx, st."stageUID") FROM (
            SELECT s.stage_uid AS "stageUID", s.name, s.color, s.font_color AS "fontColor", s.idx,
              COALESCE(cnt.contacts, 0)::int AS count,
              COALESCE(dt.totals, '[]'::json) AS "dealTotals",
              COALESCE(page.contacts, '[]'::json) AS contacts,
              page.next_cursor AS "nextCursor"
            FROM stage s
            LEFT JOIN (
              SELECT tl.stage_uid, sum(tl.contacts) AS contacts
              FROM stage_tally tl
              WHERE tl.team_uid = p.team_uid AND tl.pipeline_uid = p.pipeline_uid AND tl.currency IS NULL
              GROUP BY tl.stage_uid
            ) cnt ON cnt.stage_uid = s.stage_uid
            LEFT JOIN (
              SELECT t.stage_uid,
                json_agg(json_build_object('currency', t.currency, 'open', t.open, 'won', t.won)
                  ORDER BY t.currency) AS totals
              FROM (
                -- Each sum with the scale SUM over the deals there gives: the largest of theirs.
                SELECT v.stage_uid, v.currency,
                  CASE WHEN sum(v.open_deals) > 0
                    THEN round(sum(v.open_value), max(v.scale) FILTER (WHERE v.open_deals > 0))::text
                    ELSE '0' END AS open,
                  CASE WHEN sum(v.won_deals) > 0
                    THEN round(sum(v.won_value), max(v.scale) FILTER (WHERE v.won_deals > 0))::text
                    ELSE '0' END AS won
                FROM (
                  SELECT tl.stage_uid, tl.currency, tl.scale, sum(tl.open_deals) AS open_deals,
                    sum(tl.open_value) AS open_value, sum(tl.won_deals) AS won_deals,
                    sum(tl.won_value) AS won_value
                  FROM stage_tally tl
                  WHERE tl.team_uid = p.team_uid AND tl.pipeline_uid = p.pipeline_uid
                    AND tl.currency IS NOT NULL
                  GROUP BY tl.stage_uid, tl.currency, tl.scale
                ) v
                GROUP BY v.stage_uid, v.currency
                HAVING sum(v.open_deals) > 0 OR sum(v.won_deals) > 0
              ) t
              GROUP BY t.stage_uid
            ) dt ON dt.stage_uid = s.stage_uid
            LEFT JOIN cards page ON page.stage_uid = s.stage_uid
            WHERE s.team_uid = p.team_uid AND s.pipeline_uid = p.pipeline_uid
          ) st
        ), '[]'::json) AS stages,
        COALESCE((
          SELECT json_agg(d.tag ORDER BY d.pipeline_set, d.set_order, d.tag_set_uid, d.tag_order, d.tag_id)
          FROM tag_def d
          WHERE d.tag_id IN (SELECT x.tag_id FROM card_tag x)
        ), '[]'::json) AS tags
      FROM pipeline p
      WHERE p.team_uid = ${scope.teamUID} AND p.pipeline_uid = ${pipelineUID}
        AND ${visiblePipelineFilter(scope, sql`p.pipeline_uid`)}
    ) b`;
}

/**
 * The stage-page cursor of a card key in SQL: base64url (unpadded) of the JSON array
 * `[position, gtid]`, the same text as the service's encodeCursor.
 */
function encodeCursorSql(position: SQL, gtid: SQL): SQL {
  return sql`rtrim(translate(encode(convert_to(
    '[' || to_json(${position})::text || ',' || to_json(${gtid})::text || ']', 'UTF8'), 'base64'),
    E'+/\\n', '-_'), '=')`;
}
