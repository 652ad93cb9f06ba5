import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';

export type DealStatus = 'open' | 'won' | 'lost';

export interface DealView {
  dealUID: string;
  pipelineUID: string;
  name: string;
  /** Exact decimal, e.g. "1250.5". */
  value: string;
  currency: string;
  status: DealStatus;
  createdByUID: string | null;
  createdAt: string;
  updatedAt: string;
}

type DealRow = {
  deal_uid: string;
  pipeline_uid: string;
  name: string;
  value: string;
  currency: string;
  status: DealStatus;
  created_by_uid: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const COLUMNS = sql`d.deal_uid, d.pipeline_uid, d.name, d.value::text AS value, d.currency,
  d.status, d.created_by_uid, d.created_at, d.updated_at`;

const toView = (r: DealRow): DealView => ({
  dealUID: r.deal_uid,
  pipelineUID: r.pipeline_uid,
  name: r.name,
  value: r.value,
  currency: r.currency,
  status: r.status,
  createdByUID: r.created_by_uid,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** A deal of the contact in a pipeline the scope may see (row-locked with `lock`). */
export async function findDeal(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  dealUID: string,
): Promise<DealView | null> {
  const r = await db.execute<DealRow>(sql`
    SELECT ${COLUMNS} FROM deal d
    WHERE d.team_uid = ${scope.teamUID} AND d.gtid = ${gtid} AND d.deal_uid = ${dealUID}
      AND ${visiblePipelineFilter(scope, sql`d.pipeline_uid`)}
    FOR UPDATE OF d`);
  return r.rows[0] ? toView(r.rows[0]) : null;
}

export async function insertDeal(
  scope: TeamScope,
  db: AppDb,
  deal: {
    dealUID: string;
    gtid: string;
    pipelineUID: string;
    name: string;
    value: string;
    currency: string;
    status: DealStatus;
  },
): Promise<DealView> {
  const r = await db.execute<DealRow>(sql`
    INSERT INTO deal AS d (team_uid, deal_uid, gtid, pipeline_uid, name, value, currency, status,
      created_by_uid)
    VALUES (${scope.teamUID}, ${deal.dealUID}, ${deal.gtid}, ${deal.pipelineUID}, ${deal.name},
      ${deal.value}::numeric, ${deal.currency}, ${deal.status}, ${scope.uid})
    RETURNING ${COLUMNS}`);
  return toView(r.rows[0]!);
}

export async function updateDeal(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  dealUID: string,
  change: { name: string; value: string; currency: string; status: DealStatus },
): Promise<DealView> {
  const r = await db.execute<DealRow>(sql`
    UPDATE deal AS d SET name = ${change.name}, value = ${change.value}::numeric,
      currency = ${change.currency}, status = ${change.status}, updated_at = now()
    WHERE d.team_uid = ${scope.teamUID} AND d.gtid = ${gtid} AND d.deal_uid = ${dealUID}
    RETURNING ${COLUMNS}`);
  return toView(r.rows[0]!);
}

export async function deleteDeal(scope: TeamScope, db: AppDb, gtid: string, dealUID: string) {
  await db.execute(sql`
    DELETE FROM deal d
    WHERE d.team_uid = ${scope.teamUID} AND d.gtid = ${gtid} AND d.deal_uid = ${dealUID}`);
}
