import {
  newPushId,
  pipelineQuestionsProblem,
  PLACEHOLDER_STAGE,
  readableTextColor,
  DomainError,
  notFound,
} from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type WriteOptions, type Db, inTx } from '../../db/tx';
import { getPipelines } from './read';
import { assertPipelineQuota } from '../plans/service';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * Pipeline setup (SPEC §3 Pipeline, Stage; Team phases, questions): every member reads what
 * they may see, owners and admins write. Pipelines here; their stages in stages.ts, the team's
 * phases in phases.ts and questions in questions.ts. One transaction per action, with its change-log
 * entries (`pipeline`, `stage`, `phase`, `question`, `connection`, `contact`).
 */

/** A new stage's colour when none is given; its font colour is core's readable text colour. */
export const DEFAULT_STAGE_COLOR = '#E9ECEF';

export const invalid = (field: string, message: string) =>
  new DomainError('invalid-argument', message, field);

export async function requirePipeline(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  opts: { lock?: boolean } = {},
) {
  const p = await repo.findPipeline(scope, db, pipelineUID, opts);
  if (!p) throw notFound('Pipeline not found');
  return p;
}

async function present(scope: TeamScope, db: AppDb, p: repo.PipelineRow) {
  return {
    pipeline: {
      ...p,
      connections: await repo.pipelineConnectionUIDs(scope, db, p.groupUID),
      /** The team's questions this pipeline asks, in the team's order. */
      questions: await repo.pipelineQuestionUIDs(scope, db, p.groupUID),
    },
    stages: await repo.listStages(scope, db, p.groupUID),
  };
}

/** The colour pair of a stage: the font colour defaults to the one that reads on the colour. */
export function colours(color: string | undefined, fontColor: string | undefined) {
  const c = color ?? DEFAULT_STAGE_COLOR;
  return { color: c, fontColor: fontColor ?? readableTextColor(c) };
}

// ---- pipelines ----

export async function getPipeline(db: Db, scope: TeamScope, pipelineUID: string) {
  const p = await requirePipeline(scope, db.db, pipelineUID);
  return present(scope, db.db, p);
}

export interface NewPipelineInput {
  nickName: string;
  isDefault?: boolean | undefined;
  fbGroupURL?: string | null | undefined;
  fbConnected?: boolean | undefined;
  igConnected?: boolean | undefined;
  stages?: { name: string; color?: string | undefined; fontColor?: string | undefined }[];
}

export async function createPipeline(
  db: Db,
  scope: TeamScope,
  input: NewPipelineInput,
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      // Locks the team row: concurrent creates queue here and the limit holds.
      await assertPipelineQuota(tx, scope);
      const existing = await repo.teamPipelines(scope, tx.db);
      const pipelineUID = newPushId();
      const isDefault = existing.length === 0 || input.isDefault === true;
      await repo.insertPipeline(scope, tx.db, {
        pipelineUID,
        nickName: input.nickName,
        isDefault,
        fbGroupURL: input.fbGroupURL ?? null,
        fbConnected: input.fbConnected ?? false,
        igConnected: input.igConnected ?? false,
      });
      if (isDefault) {
        await emit(tx, scope, {
          changed: (await repo.clearDefaults(scope, tx.db, pipelineUID)).map((uid) =>
            logChange('pipeline', uid, 'update'),
          ),
        });
      }
      const stages: repo.NewStage[] = [
        {
          stageUID: newPushId(),
          name: PLACEHOLDER_STAGE.name,
          color: PLACEHOLDER_STAGE.color ?? '#FFFFFF',
          fontColor: PLACEHOLDER_STAGE.fontColor ?? '#FF0000',
          description: '',
          phase: null,
          remoteID: null,
          idx: 0,
        },
        ...(input.stages ?? []).map((s, i) => ({
          stageUID: newPushId(),
          name: s.name,
          ...colours(s.color, s.fontColor),
          description: '',
          phase: null,
          remoteID: null,
          idx: i + 1,
        })),
      ];
      await repo.insertStages(scope, tx.db, pipelineUID, stages);
      await emit(tx, scope, { changed: [logChange('pipeline', pipelineUID, 'insert')] });
      await emit(tx, scope, {
        changed: stages.map((s) => logChange('stage', s.stageUID, 'insert')),
      });
      return present(scope, tx.db, (await repo.findPipeline(scope, tx.db, pipelineUID))!);
    },
    opts,
  );
}

export interface PipelinePatchInput extends repo.PipelinePatch {
  connections?: string[] | undefined;
  /** The team's live questions the pipeline asks (the whole list; [] asks none). */
  questions?: string[] | undefined;
}

export async function updatePipeline(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  patch: PipelinePatchInput,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const current = await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      if (patch.isDefault === false && current.isDefault) {
        throw invalid(
          'isDefault',
          'A team always has a default pipeline: make another pipeline the default instead.',
        );
      }
      if (patch.connections !== undefined) {
        const wanted = [...new Set(patch.connections)];
        const known = await repo.existingConnectionUIDs(scope, tx.db, wanted);
        const missing = wanted.findIndex((uid) => !known.includes(uid));
        if (missing >= 0) {
          throw invalid(
            `connections.${patch.connections.indexOf(wanted[missing]!)}`,
            `connections: "${wanted[missing]}" is not a connection of this team.`,
          );
        }
        await emit(tx, scope, {
          changed: (await repo.setPipelineConnections(scope, tx.db, pipelineUID, wanted)).map(
            (uid) => logChange('connection', uid, 'update'),
          ),
        });
      }
      if (patch.questions !== undefined) {
        const problem = pipelineQuestionsProblem(
          patch.questions,
          await repo.listQuestions(scope, tx.db),
        );
        if (problem) throw invalid(`questions.${problem.index}`, problem.message);
        await repo.setPipelineQuestions(scope, tx.db, pipelineUID, patch.questions);
      }
      await repo.updatePipeline(scope, tx.db, pipelineUID, patch);
      if (patch.isDefault === true) {
        await emit(tx, scope, {
          changed: (await repo.clearDefaults(scope, tx.db, pipelineUID)).map((uid) =>
            logChange('pipeline', uid, 'update'),
          ),
        });
      }
      await emit(tx, scope, { changed: [logChange('pipeline', pipelineUID, 'update')] });
      return present(scope, tx.db, (await repo.findPipeline(scope, tx.db, pipelineUID))!);
    },
    opts,
  );
}

export async function getDeleteImpact(db: Db, scope: TeamScope, pipelineUID: string) {
  await requirePipeline(scope, db.db, pipelineUID);
  return repo.deleteImpact(scope, db.db, pipelineUID);
}

export async function deletePipeline(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      const impact = await repo.deleteImpact(scope, tx.db, pipelineUID);
      const gone = await repo.deletePipeline(scope, tx.db, pipelineUID);
      await emit(tx, scope, {
        changed: [
          logChange('pipeline', pipelineUID, 'delete'),
          ...gone.stages.map((uid) => logChange('stage', uid, 'delete')),
          ...gone.tagSets.map((uid) => logChange('tagSet', uid, 'delete')),
          ...gone.connections.map((uid) => logChange('connection', uid, 'update')),
          ...gone.contacts.map((gtid) => logChange('contact', gtid, 'update')),
        ],
      });
      const newDefault = await repo.ensureDefault(scope, tx.db);
      if (newDefault)
        await emit(tx, scope, { changed: [logChange('pipeline', newDefault, 'update')] });
      return { deleted: impact };
    },
    opts,
  );
}

export function sameSet(order: readonly string[], all: readonly string[], what: string) {
  const seen = new Set<string>();
  for (const [i, uid] of order.entries()) {
    if (!all.includes(uid)) {
      throw invalid(`order.${i}`, `order: "${uid}" is not one of the ${what}.`);
    }
    if (seen.has(uid)) throw invalid(`order.${i}`, `order: "${uid}" is listed twice.`);
    seen.add(uid);
  }
  if (seen.size !== all.length) {
    throw invalid('order', `order must list every one of the ${what} exactly once.`);
  }
}

export async function orderPipelines(
  db: Db,
  scope: TeamScope,
  order: string[],
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  await inTx(
    db,
    scope,
    async (tx) => {
      const all = await repo.lockTeamPipelineUIDs(scope, tx.db);
      sameSet(order, all, "team's pipelines");
      await emit(tx, scope, {
        changed: (await repo.setPipelineOrder(scope, tx.db, order)).map((uid) =>
          logChange('pipeline', uid, 'update'),
        ),
      });
    },
    opts,
  );
  return getPipelines(db, scope);
}
