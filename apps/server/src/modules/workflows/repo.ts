import {
  triggerLookupKeys,
  type TriggerMirror,
  type WorkflowDefinition,
  type WorkflowRecord,
  type WorkflowStatus,
  type WorkflowSummary,
} from '@leadloom/core';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { workflow, workflowTrigger, workflowVersion } from '../../db/schema';
import type { TeamScope } from '../../db/scope';

const byId = (scope: TeamScope, workflowId: string) =>
  and(eq(workflow.teamUID, scope.teamUID), eq(workflow.workflowId, workflowId));

export type WorkflowRow = typeof workflow.$inferSelect;

/** The workflow's row, locked until the transaction ends when `lock` (every write takes it). */
export async function workflowRow(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
  lock = false,
): Promise<WorkflowRow | null> {
  const q = db.select().from(workflow).where(byId(scope, workflowId));
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

export async function definitionOf(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
  version: number,
): Promise<WorkflowDefinition | null> {
  const [row] = await db
    .select({ definition: workflowVersion.definition })
    .from(workflowVersion)
    .where(
      and(
        eq(workflowVersion.teamUID, scope.teamUID),
        eq(workflowVersion.workflowId, workflowId),
        eq(workflowVersion.version, version),
      ),
    );
  return row?.definition ?? null;
}

/** One workflow with its latest version's definition. */
export async function readWorkflow(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
): Promise<WorkflowRecord | null> {
  const [row] = await db
    .select({ w: workflow, definition: workflowVersion.definition })
    .from(workflow)
    .innerJoin(
      workflowVersion,
      and(
        eq(workflowVersion.teamUID, workflow.teamUID),
        eq(workflowVersion.workflowId, workflow.workflowId),
        eq(workflowVersion.version, workflow.version),
      ),
    )
    .where(byId(scope, workflowId));
  if (!row) return null;
  const { w } = row;
  return {
    workflowId: w.workflowId,
    name: w.name,
    status: w.status,
    version: w.version,
    liveVersion: w.liveVersion,
    definition: row.definition,
    createdBy: w.createdByUID,
    createdAt: w.createdAt.toISOString(),
    updatedBy: w.updatedByUID,
    updatedAt: w.updatedAt.toISOString(),
  };
}

/**
 * The team's workflows, latest changed first, each with what starts it, how many runs it
 * started since `dayStart` and the error of its latest failed run. Raw SQL: two correlated
 * reads of the run table per workflow, on its (team, workflow, started_at) index.
 */
export async function listWorkflows(
  scope: TeamScope,
  db: AppDb,
  dayStart: Date,
): Promise<WorkflowSummary[]> {
  const r = await db.execute<{
    workflow_id: string;
    name: string;
    status: WorkflowStatus;
    version: number;
    live_version: number | null;
    trigger_type: WorkflowSummary['triggerType'];
    runs_today: string;
    last_error: string | null;
    updated_at: Date | string;
  }>(sql`
    SELECT w.workflow_id, w.name, w.status, w.version, w.live_version, w.updated_at,
      v.definition -> 'steps' -> (v.definition ->> 'rootStepId') ->> 'triggerType' AS trigger_type,
      (SELECT count(*) FROM workflow_run r
        WHERE r.team_uid = w.team_uid AND r.workflow_id = w.workflow_id
          AND r.started_at >= ${dayStart.toISOString()}) AS runs_today,
      (SELECT r.last_error FROM workflow_run r
        WHERE r.team_uid = w.team_uid AND r.workflow_id = w.workflow_id AND r.state = 'failed'
        ORDER BY r.started_at DESC LIMIT 1) AS last_error
    FROM workflow w
    JOIN workflow_version v
      ON v.team_uid = w.team_uid AND v.workflow_id = w.workflow_id AND v.version = w.version
    WHERE w.team_uid = ${scope.teamUID}
    ORDER BY w.updated_at DESC, w.workflow_id`);
  return r.rows.map((row) => ({
    workflowId: row.workflow_id,
    name: row.name,
    status: row.status,
    version: Number(row.version),
    liveVersion: row.live_version === null ? null : Number(row.live_version),
    triggerType: row.trigger_type ?? null,
    runsToday: Number(row.runs_today),
    lastError: row.last_error,
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

export async function insertWorkflow(
  scope: TeamScope,
  db: AppDb,
  w: { workflowId: string; name: string; definition: WorkflowDefinition; at: Date },
) {
  await db.insert(workflow).values({
    teamUID: scope.teamUID,
    workflowId: w.workflowId,
    name: w.name,
    status: 'draft',
    version: 1,
    liveVersion: null,
    createdByUID: scope.uid,
    createdAt: w.at,
    updatedByUID: scope.uid,
    updatedAt: w.at,
  });
  await insertVersion(scope, db, w.workflowId, 1, w.definition, w.at);
}

export async function insertVersion(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
  version: number,
  definition: WorkflowDefinition,
  at: Date,
) {
  await db.insert(workflowVersion).values({
    teamUID: scope.teamUID,
    workflowId,
    version,
    definition,
    createdByUID: scope.uid,
    createdAt: at,
  });
}

/** Rewrites a version never published (a draft's). */
export async function replaceDefinition(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
  version: number,
  definition: WorkflowDefinition,
) {
  await db
    .update(workflowVersion)
    .set({ definition })
    .where(
      and(
        eq(workflowVersion.teamUID, scope.teamUID),
        eq(workflowVersion.workflowId, workflowId),
        eq(workflowVersion.version, version),
      ),
    );
}

export async function updateWorkflow(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
  fields: Partial<Pick<WorkflowRow, 'name' | 'status' | 'version' | 'liveVersion'>> & {
    at: Date;
  },
) {
  const { at, ...rest } = fields;
  await db
    .update(workflow)
    .set({ ...rest, updatedAt: at, updatedByUID: scope.uid })
    .where(byId(scope, workflowId));
}

export async function deleteWorkflow(scope: TeamScope, db: AppDb, workflowId: string) {
  await db.delete(workflow).where(byId(scope, workflowId));
}

/** Active workflows of the team, other than `except`. */
export async function countActive(scope: TeamScope, db: AppDb, except: string) {
  const [row] = await db
    .select({ n: count() })
    .from(workflow)
    .where(
      and(
        eq(workflow.teamUID, scope.teamUID),
        eq(workflow.status, 'active'),
        sql`${workflow.workflowId} <> ${except}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Makes the triggers index hold `mirror` for the workflow, or nothing when it is null. */
export async function writeMirror(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
  mirror: TriggerMirror | null,
) {
  if (!mirror) {
    await db
      .delete(workflowTrigger)
      .where(
        and(eq(workflowTrigger.teamUID, scope.teamUID), eq(workflowTrigger.workflowId, workflowId)),
      );
    return;
  }
  const values = {
    triggerType: mirror.triggerType,
    resource: mirror.resource,
    ...triggerLookupKeys(mirror),
  };
  await db
    .insert(workflowTrigger)
    .values({ teamUID: scope.teamUID, workflowId, ...values })
    .onConflictDoUpdate({
      target: [workflowTrigger.teamUID, workflowTrigger.workflowId],
      set: values,
    });
}
