import { sql, type SQL } from 'drizzle-orm';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';
import { dealValueExpr, escapeLike, type SearchPlan } from './where.repo';

/** The sort keys of the search's pages (SPEC §7), never null, so keyset paging is total. */

/** Stored columns of migration 0009 (`sort_name` is COLLATE "C"). */
export const NAME_KEY = sql`c.sort_name`;

/**
 * The sort key (never null, so keyset paging is total), and how a cursor value is cast back.
 * `ranked`: for keys read from other tables, the same key from a join, for the query that ranks
 * every match (one hashed pass instead of a lookup per contact); `key` then serves the page's
 * rows alone.
 */
export interface SortKey {
  key: SQL;
  cursorText: SQL;
  cast: SQL;
  ranked?: { join: SQL; key: SQL };
  /**
   * The same order as `key` in columns the ranking query sorts on (no per-row text built):
   * relevance's rank class, then the name key.
   */
  columns?: SQL[];
}

export function sortKey(scope: TeamScope, plan: SearchPlan): SortKey {
  const text = { cast: sql`::text COLLATE "C"` };
  switch (plan.sort.field) {
    case 'relevance': {
      // Best first: every token a prefix of a name word (rank 0), of any word (1), else a
      // typo match (2); then by name. One text key, so it pages with a cursor like the others.
      const names = sql`c.search_names`;
      const all = (target: SQL) =>
        plan.tokens.length
          ? sql.join(
              plan.tokens.map((t) => sql`${target} LIKE ${`% ${escapeLike(t)}%`}`),
              sql` AND `,
            )
          : sql`TRUE`;
      const rank = sql`(CASE WHEN ${all(names)} THEN 0 WHEN ${all(sql`c.search_doc`)} THEN 1 ELSE 2 END)`;
      const key = sql`((CASE WHEN ${all(names)} THEN '0' WHEN ${all(sql`c.search_doc`)} THEN '1' ELSE '2' END)
        || ${NAME_KEY}) COLLATE "C"`;
      // The class is one character and the name key is COLLATE "C": ordering by (class, name)
      // is ordering by the concatenated key.
      return { key, cursorText: key, ...text, columns: [rank, NAME_KEY] };
    }
    case 'name': {
      const key = NAME_KEY;
      return { key, cursorText: key, ...text };
    }
    case 'email': {
      const key = sql`(lower(coalesce(c.email_address, '')) COLLATE "C")`;
      return { key, cursorText: key, ...text };
    }
    case 'phone': {
      const key = sql`(regexp_replace(coalesce(c.phone_number, ''), '[^0-9]', '', 'g') COLLATE "C")`;
      return { key, cursorText: key, ...text };
    }
    case 'source': {
      const key = sql`(coalesce(c.sources->>0, '') COLLATE "C")`;
      return { key, cursorText: key, ...text };
    }
    case 'statusLabel': {
      const key = sql`(coalesce((SELECT lower(l.display) FROM status_label l
        WHERE l.team_uid = c.team_uid AND l.label_uid = c.status_label_uid), '') COLLATE "C")`;
      return {
        key,
        cursorText: key,
        ...text,
        ranked: {
          join: sql`LEFT JOIN status_label sl
            ON sl.team_uid = c.team_uid AND sl.label_uid = c.status_label_uid`,
          key: sql`(coalesce(lower(sl.display), '') COLLATE "C")`,
        },
      };
    }
    case 'createdAt':
      return {
        key: sql`c.created_at`,
        cursorText: sql`to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        cast: sql`::timestamptz`,
      };
    case 'lastActivityAt':
      return {
        key: sql`coalesce(c.last_activity_at, '-infinity'::timestamptz)`,
        cursorText: sql`CASE WHEN c.last_activity_at IS NULL THEN '-infinity'
          ELSE to_char(c.last_activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') END`,
        cast: sql`::timestamptz`,
      };
    case 'stage': {
      const key = sql`coalesce((SELECT s.idx FROM contact_pipeline sp
        JOIN stage s ON s.team_uid = sp.team_uid AND s.stage_uid = sp.stage_uid
        WHERE sp.team_uid = c.team_uid AND sp.gtid = c.gtid
          AND sp.pipeline_uid = ${plan.pipelineUID ?? ''}), -1)`;
      return {
        key,
        cursorText: sql`${key}::text`,
        cast: sql`::int`,
        ranked: {
          join: sql`LEFT JOIN (SELECT sp.gtid, s.idx FROM contact_pipeline sp
              JOIN stage s ON s.team_uid = sp.team_uid AND s.stage_uid = sp.stage_uid
              WHERE sp.team_uid = ${scope.teamUID} AND sp.pipeline_uid = ${plan.pipelineUID ?? ''}) sk
            ON sk.gtid = c.gtid`,
          key: sql`coalesce(sk.idx, -1)`,
        },
      };
    }
    case 'dealValue': {
      const key = dealValueExpr(scope, plan.pipelineUID);
      return {
        key,
        cursorText: sql`${key}::text`,
        cast: sql`::numeric`,
        ranked: {
          join: sql`LEFT JOIN (SELECT d.gtid, sum(d.value) AS v FROM deal d
              WHERE d.team_uid = ${scope.teamUID} AND d.status <> 'lost'
                AND ${visiblePipelineFilter(scope, sql`d.pipeline_uid`)}
                ${plan.pipelineUID ? sql`AND d.pipeline_uid = ${plan.pipelineUID}` : sql``}
              GROUP BY d.gtid) sk
            ON sk.gtid = c.gtid`,
          key: sql`coalesce(sk.v, 0)`,
        },
      };
    }
  }
}
