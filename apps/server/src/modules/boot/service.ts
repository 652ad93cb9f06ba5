import type { TeamScope } from '../../db/scope';
import { sortByOrder } from '@leadloom/core';
import { getPipelines } from '../pipelines/read';
import { listStatusLabels } from '../labels/service';
import { globalTagSets, orphanedTags } from '../tags/service';
import { getPhases } from '../pipelines/phases';
import { planValidationInfo } from '../plans/service';
import * as repo from './repo';
import { type Db } from '../../db/tx';

/**
 * GET /api/teams/:teamUID/team-data: the "full" half of the app's boot (SPEC §4, §7). Status
 * labels, message template categories and types, global tag sets, pipeline phases and orphaned
 * tags are entities of later issues: until those land they are empty lists here (nothing is
 * made up), and each issue fills its own list. Unseen notifications come from the
 * notifications module (GET /api/notifications/unseen).
 */
export async function getTeamData(db: Db, scope: TeamScope) {
  const { pipelines } = await getPipelines(db, scope);
  return {
    aiContext: await repo.readAiContext(scope, db.db),
    statusLabels: await listStatusLabels(db, scope),
    templateCategories: [] as unknown[],
    templateTypes: [] as unknown[],
    globalTagSets: await globalTagSets(db, scope),
    // The pipeline summary: which pipelines this member sees, in their order.
    pipelines: sortByOrder(pipelines.map((p) => ({ groupUID: p.groupUID, order: p.order }))),
    phases: (await getPhases(db, scope)).phases,
    orphanedTags: await orphanedTags(db, scope),
  };
}

/**
 * GET /api/teams/:teamUID/validation-info (SPEC §3): what the app's load step checks, the plan's
 * members, contact count and subscription (plans) with the pipelines the member sees. It is
 * put together here, above both, because creating a pipeline checks the plan's quota
 * (pipelines → plans): plans cannot read the pipelines without a cycle.
 */
export async function getValidationInfo(db: Db, scope: TeamScope) {
  const { members, contactCount, subscription } = await planValidationInfo(db, scope);
  const { pipelines } = await getPipelines(db, scope);
  return {
    members,
    contactCount,
    pipelines: Object.fromEntries(pipelines.map((p) => [p.groupUID, { nickName: p.nickName }])),
    subscription,
  };
}
