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
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { getPipelines } from '../board/service';
import { moveToStage } from '../contacts/service';
import { assertPipelineQuota } from '../plans/service';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * Pipeline setup (SPEC §3 Pipeline, Stage; Team phases, questions): every member reads what
 * they may see, owners and admins write. One transaction per action, with its change-log
 * entries (`pipeline`, `stage`, `phase`, `question`, `connection`, `contact`).
 */

/** A new stage's colour when none is given; its font colour is core's readable text colour. */
export const DEFAULT_STAGE_COLOR = '#E9ECEF';

const invalid = (field: string, message: string) =>
  new DomainError('invalid-argument', message, field);

async function requirePipeline(
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
function colours(color: string | undefined, fontColor: string | undefined) {
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
      const groupUID = newPushId();
      const isDefault = existing.length === 0 || input.isDefault === true;
      await repo.insertPipeline(scope, tx.db, {
        groupUID,
        nickName: input.nickName,
        isDefault,
        fbGroupURL: input.fbGroupURL ?? null,
        fbConnected: input.fbConnected ?? false,
        igConnected: input.igConnected ?? false,
      });
      if (isDefault) {
        await emit(tx, scope, {
          changed: (await repo.clearDefaults(scope, tx.db, groupUID)).map((uid) =>
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
      await repo.insertStages(scope, tx.db, groupUID, stages);
      await emit(tx, scope, { changed: [logChange('pipeline', groupUID, 'insert')] });
      await emit(tx, scope, {
        changed: stages.map((s) => logChange('stage', s.stageUID, 'insert')),
      });
      return present(scope, tx.db, (await repo.findPipeline(scope, tx.db, groupUID))!);
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

function sameSet(order: readonly string[], all: readonly string[], what: string) {
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

// ---- stages ----

async function checkPhase(scope: TeamScope, db: AppDb, phase: string | null | undefined) {
  if (phase === undefined || phase === null) return;
  if (!(await repo.findPhase(scope, db, phase))) {
    throw invalid('phase', `phase: "${phase}" is not a phase of this team.`);
  }
}

async function requireStage(scope: TeamScope, db: AppDb, pipelineUID: string, stageUID: string) {
  const s = await repo.findStage(scope, db, pipelineUID, stageUID);
  if (!s) throw notFound('Stage not found');
  return s;
}

export interface NewStageInput {
  name: string;
  color?: string | undefined;
  fontColor?: string | undefined;
  description?: string | undefined;
  phase?: string | null | undefined;
  remoteID?: string | null | undefined;
}

export async function createStage(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  input: NewStageInput,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      await checkPhase(scope, tx.db, input.phase);
      const stageUID = newPushId();
      await repo.insertStages(scope, tx.db, pipelineUID, [
        {
          stageUID,
          name: input.name,
          ...colours(input.color, input.fontColor),
          description: input.description ?? '',
          phase: input.phase ?? null,
          remoteID: input.remoteID ?? null,
          idx: await repo.nextStageIdx(scope, tx.db, pipelineUID),
        },
      ]);
      await emit(tx, scope, { changed: [logChange('stage', stageUID, 'insert')] });
      return { stage: (await repo.findStage(scope, tx.db, pipelineUID, stageUID))! };
    },
    opts,
  );
}

export async function updateStage(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  stageUID: string,
  patch: repo.StagePatch,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      const current = await requireStage(scope, tx.db, pipelineUID, stageUID);
      if (current.placeholder) {
        const other = (Object.keys(patch) as (keyof repo.StagePatch)[]).find(
          (k) => k !== 'description' && patch[k] !== undefined,
        );
        if (other) {
          throw invalid(
            other,
            `The placeholder stage "${PLACEHOLDER_STAGE.name}" keeps its ${other}; only its description can change.`,
          );
        }
      }
      await checkPhase(scope, tx.db, patch.phase);
      // A new colour without a font colour gets the font colour that reads on it.
      const fontColor =
        patch.color !== undefined && patch.fontColor === undefined
          ? readableTextColor(patch.color)
          : patch.fontColor;
      await repo.updateStage(scope, tx.db, pipelineUID, stageUID, { ...patch, fontColor });
      await emit(tx, scope, { changed: [logChange('stage', stageUID, 'update')] });
      return { stage: (await repo.findStage(scope, tx.db, pipelineUID, stageUID))! };
    },
    opts,
  );
}

export async function orderStages(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  order: string[],
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      const stages = await repo.listStages(scope, tx.db, pipelineUID);
      sameSet(
        order,
        stages.filter((s) => !s.placeholder).map((s) => s.stageUID),
        "pipeline's stages (all but the placeholder)",
      );
      await emit(tx, scope, {
        changed: (await repo.setStageOrder(scope, tx.db, pipelineUID, order)).map((uid) =>
          logChange('stage', uid, 'update'),
        ),
      });
      return { stages: await repo.listStages(scope, tx.db, pipelineUID) };
    },
    opts,
  );
}

export async function deleteStage(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  stageUID: string,
  moveTo: string | undefined,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      const stage = await requireStage(scope, tx.db, pipelineUID, stageUID);
      if (stage.placeholder) {
        throw invalid(
          'stageUID',
          `The placeholder stage "${PLACEHOLDER_STAGE.name}" cannot be deleted.`,
        );
      }
      const stages = await repo.listStages(scope, tx.db, pipelineUID);
      const target =
        moveTo === undefined
          ? stages.find((s) => s.placeholder)
          : stages.find((s) => s.stageUID === moveTo && s.stageUID !== stageUID);
      if (!target) {
        throw invalid(
          'moveTo',
          moveTo === stageUID
            ? 'moveTo: contacts cannot move to the stage being deleted; pick another stage.'
            : `moveTo: "${moveTo ?? ''}" is not another stage of this pipeline.`,
        );
      }
      // contact_pipeline.stage_uid references the stage without a cascade: move them first,
      // each a full stage change (history, activity, sync rows, workflow trigger, change log).
      const gtids = await repo.lockStageContacts(scope, tx.db, pipelineUID, stageUID);
      await moveToStage(tx, scope, {
        pipelineUID,
        toStageUID: target.stageUID,
        moves: gtids.map((gtid) => ({ gtid })),
        reason: 'stageDeleted',
      });
      await repo.deleteStage(scope, tx.db, pipelineUID, stageUID);
      await emit(tx, scope, { changed: [logChange('stage', stageUID, 'delete')] });
      return { moved: gtids.length };
    },
    opts,
  );
}

// ---- phases ----

export async function getPhases(db: Db, scope: TeamScope) {
  return { phases: await repo.listPhases(scope, db.db) };
}

async function requirePhase(scope: TeamScope, db: AppDb, phaseUID: string) {
  const p = await repo.findPhase(scope, db, phaseUID);
  if (!p) throw notFound('Phase not found');
  return p;
}

/** The default colour of a new phase (the column default of pipeline_phase). */
export const DEFAULT_PHASE_COLOR = '#868E96';

export async function createPhase(
  db: Db,
  scope: TeamScope,
  input: { name: string; color?: string | undefined },
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      const phaseUID = newPushId();
      await repo.insertPhase(scope, tx.db, {
        phaseUID,
        name: input.name,
        color: input.color ?? DEFAULT_PHASE_COLOR,
      });
      await emit(tx, scope, { changed: [logChange('phase', phaseUID, 'insert')] });
      return { phase: (await repo.findPhase(scope, tx.db, phaseUID))! };
    },
    opts,
  );
}

export async function updatePhase(
  db: Db,
  scope: TeamScope,
  phaseUID: string,
  patch: { name?: string | undefined; color?: string | undefined },
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePhase(scope, tx.db, phaseUID);
      requireRole(scope, ...MANAGERS);
      await repo.updatePhase(scope, tx.db, phaseUID, patch);
      await emit(tx, scope, { changed: [logChange('phase', phaseUID, 'update')] });
      return { phase: (await repo.findPhase(scope, tx.db, phaseUID))! };
    },
    opts,
  );
}

export async function deletePhase(
  db: Db,
  scope: TeamScope,
  phaseUID: string,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePhase(scope, tx.db, phaseUID);
      requireRole(scope, ...MANAGERS);
      await emit(tx, scope, {
        changed: (await repo.deletePhase(scope, tx.db, phaseUID)).map((uid) =>
          logChange('stage', uid, 'update'),
        ),
      });
      await emit(tx, scope, { changed: [logChange('phase', phaseUID, 'delete')] });
      return { deleted: true };
    },
    opts,
  );
}

export async function orderPhases(
  db: Db,
  scope: TeamScope,
  order: string[],
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      sameSet(order, await repo.lockPhaseUIDs(scope, tx.db), "team's phases");
      await repo.setPhaseOrder(scope, tx.db, order);
      await emit(tx, scope, { changed: order.map((uid) => logChange('phase', uid, 'update')) });
      return { phases: await repo.listPhases(scope, tx.db) };
    },
    opts,
  );
}

// ---- questions ----

const questionOut = (q: repo.QuestionRow) => ({
  questionUID: q.questionUID,
  question: q.question,
  order: q.order,
  kind: q.kind,
});

async function questionLists(scope: TeamScope, db: AppDb) {
  const all = await repo.listQuestions(scope, db);
  return {
    questions: all.filter((q) => q.kind === 'live').map(questionOut),
    testQuestions: all.filter((q) => q.kind === 'test').map(questionOut),
  };
}

export async function getQuestions(db: Db, scope: TeamScope) {
  return questionLists(scope, db.db);
}

async function requireQuestion(scope: TeamScope, db: AppDb, questionUID: string) {
  const q = await repo.findQuestion(scope, db, questionUID);
  if (!q) throw notFound('Question not found');
  return q;
}

export async function createQuestion(
  db: Db,
  scope: TeamScope,
  input: { question: string; kind: repo.QuestionKind },
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      const questionUID = newPushId();
      await repo.insertQuestion(scope, tx.db, { questionUID, ...input });
      await emit(tx, scope, { changed: [logChange('question', questionUID, 'insert')] });
      return { question: questionOut((await repo.findQuestion(scope, tx.db, questionUID))!) };
    },
    opts,
  );
}

export async function updateQuestion(
  db: Db,
  scope: TeamScope,
  questionUID: string,
  patch: { question?: string | undefined; kind?: repo.QuestionKind | undefined },
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const current = await requireQuestion(scope, tx.db, questionUID);
      requireRole(scope, ...MANAGERS);
      await repo.updateQuestion(scope, tx.db, questionUID, {
        question: patch.question,
        kind: patch.kind === current.kind ? undefined : patch.kind,
      });
      await emit(tx, scope, { changed: [logChange('question', questionUID, 'update')] });
      return { question: questionOut((await repo.findQuestion(scope, tx.db, questionUID))!) };
    },
    opts,
  );
}

export async function deleteQuestion(
  db: Db,
  scope: TeamScope,
  questionUID: string,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireQuestion(scope, tx.db, questionUID);
      requireRole(scope, ...MANAGERS);
      await repo.deleteQuestion(scope, tx.db, questionUID);
      await emit(tx, scope, { changed: [logChange('question', questionUID, 'delete')] });
      return { deleted: true };
    },
    opts,
  );
}

export async function orderQuestions(
  db: Db,
  scope: TeamScope,
  kind: repo.QuestionKind,
  order: string[],
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx: Tx) => {
      const label = kind === 'test' ? "team's test questions" : "team's questions";
      sameSet(order, await repo.lockQuestionUIDs(scope, tx.db, kind), label);
      await repo.setQuestionOrder(scope, tx.db, order);
      await emit(tx, scope, { changed: order.map((uid) => logChange('question', uid, 'update')) });
      return questionLists(scope, tx.db);
    },
    opts,
  );
}
