import {
  KPI_EVENT_SQL,
  kpiRange,
  kpiSeriesPlan,
  localToday,
  newPushId,
  weekStart,
  type Kpi,
  type KpiFunnel,
  type KpiInput,
  type KpiRange,
  type KpiResults,
  DomainError,
  notFound,
} from '@leadloom/core';
import type { Database } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { zoneOfMember } from '../tasks/service';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * Team KPIs (SPEC §3 Team.kpis; issue 8 "Dashboards"). Owners and admins define them; every
 * member reads them. Numbers are sums over the daily rollups that recordActivities keeps in the
 * writing transaction (modules/activities), on each actor's own calendar; a KPI's period is
 * seen from the viewer's "today" in their zone.
 */

export const listKpis = (db: Db, scope: TeamScope) => repo.listKpis(scope, db.db);

async function requireKpi(tx: Tx | Database, scope: TeamScope, kpiUID: string): Promise<Kpi> {
  const [k] = await repo.listKpis(scope, tx.db, kpiUID);
  if (!k) throw notFound('KPI not found');
  return k;
}

export const getKpi = (db: Db, scope: TeamScope, kpiUID: string) => requireKpi(db, scope, kpiUID);

/** The pipeline and stage a stage KPI names must exist (and be visible); members must be in the team. */
async function checkRefs(tx: Tx, scope: TeamScope, body: KpiInput) {
  if (body.pipelineUID && (body.event === 'stage' || body.event === 'won')) {
    const stages = await repo.pipelineStages(scope, tx.db, body.pipelineUID);
    if (!stages)
      throw new DomainError('invalid-argument', 'That pipeline does not exist.', 'pipelineUID');
    if (body.event === 'stage' && !stages.some((s) => s.stageUID === body.stageUID))
      throw new DomainError('invalid-argument', 'Choose a stage of that pipeline.', 'stageUID');
  }
  if (body.members) {
    const team = new Set((await repo.teamMembers(scope, tx.db)).map((m) => m.uid));
    if (body.members.some((uid) => !team.has(uid)))
      throw new DomainError('invalid-argument', 'Someone chosen is not in this team.', 'members');
  }
}

export async function saveKpi(
  db: Db,
  scope: TeamScope,
  kpiUID: string | null,
  body: KpiInput,
  options: WriteOptions,
): Promise<Kpi> {
  return inTx(
    db,
    scope,
    async (tx) => {
      if (kpiUID) await requireKpi(tx, scope, kpiUID);
      requireRole(scope, ...MANAGERS);
      await checkRefs(tx, scope, body);
      const uid = kpiUID ?? newPushId('kpi');
      await repo.upsertKpi(scope, tx.db, uid, body);
      await emit(tx, scope, { changed: [logChange('kpi', uid, kpiUID ? 'update' : 'insert')] });
      return requireKpi(tx, scope, uid);
    },
    options,
  );
}

export async function deleteKpi(db: Db, scope: TeamScope, kpiUID: string, options: WriteOptions) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireKpi(tx, scope, kpiUID);
      requireRole(scope, ...MANAGERS);
      await repo.deleteKpi(scope, tx.db, kpiUID);
      await emit(tx, scope, { changed: [logChange('kpi', kpiUID, 'delete')] });
      return { deleted: true };
    },
    options,
  );
}

/** The filter a KPI sums over its rollups. */
const filterOf = (k: Kpi): repo.RollupFilter => ({
  kind: k.event,
  pipelineUID: k.pipelineUID,
  stageUID: k.stageUID,
  currency: k.currency,
  members: k.members,
});

/**
 * A KPI's numbers for its period as the viewer sees today: each counted member's total (to
 * set against the target), the team total, and a series per day (or week, for long ranges).
 */
export async function kpiResults(
  db: Db,
  scope: TeamScope,
  kpiUID: string,
  now: () => number = Date.now,
): Promise<KpiResults> {
  const [kpi, zone, team] = await Promise.all([
    requireKpi(db, scope, kpiUID),
    zoneOfMember(db, scope, scope.uid),
    repo.teamMembers(scope, db.db),
  ]);
  const today = localToday(now(), zone);
  const range = kpiRange(kpi.period, today, kpi);
  const plan = kpiSeriesPlan(range);
  const f = filterOf(kpi);
  const [totals, days] = await Promise.all([
    repo.memberTotals(scope, db.db, f, range),
    repo.dayTotals(scope, db.db, f, plan.from, range.to),
  ]);
  const series = new Map<string, number>();
  for (const [day, total] of days) {
    const start = plan.bucket === 'day' ? day : weekStart(day);
    series.set(start, (series.get(start) ?? 0) + total);
  }
  const counted = kpi.members ? new Set(kpi.members) : null;
  const members = team
    .filter((m) => !counted || counted.has(m.uid))
    .map((m) => ({ uid: m.uid, name: m.name, total: totals.get(m.uid) ?? 0 }));
  return {
    kpi,
    range,
    today,
    timeZone: zone,
    total: [...totals.values()].reduce((a, b) => a + b, 0),
    members,
    bucket: plan.bucket,
    series: plan.starts.map((start) => ({ start, total: series.get(start) ?? 0 })),
  };
}

/**
 * How often each stage of a pipeline was entered in a range (default: the viewer's current
 * week), optionally only by some members: the conversion funnel between its stages.
 */
export async function kpiFunnel(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  query: { from?: string | undefined; to?: string | undefined; members?: string[] | undefined },
  now: () => number = Date.now,
): Promise<KpiFunnel> {
  let range: KpiRange;
  if (query.from && query.to) range = { from: query.from, to: query.to };
  else range = kpiRange('week', localToday(now(), await zoneOfMember(db, scope, scope.uid)));
  const [stages, counts] = await Promise.all([
    repo.pipelineStages(scope, db.db, pipelineUID),
    repo.stageEntries(scope, db.db, pipelineUID, range, query.members ?? null),
  ]);
  if (!stages) throw notFound('Pipeline not found');
  return {
    pipelineUID,
    range,
    stages: stages.map((s) => ({ ...s, count: counts.get(s.stageUID) ?? 0 })),
  };
}

/** Recomputes a team's rollups from its activities (data written around recordActivities). */
export const rebuildRollups = (tx: Tx, scope: TeamScope) =>
  repo.rebuildRollups(scope, tx.db, KPI_EVENT_SQL);

/** Adds KPIs inside a transaction already open (the demo seed). */
export async function addKpis(tx: Tx, scope: TeamScope, list: readonly KpiInput[]) {
  for (const k of list) await repo.upsertKpi(scope, tx.db, newPushId('kpi'), k);
}
