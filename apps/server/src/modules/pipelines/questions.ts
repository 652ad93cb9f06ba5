import { newPushId, notFound } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';
import { sameSet } from './service';

/** The team's questions (SPEC §3 Team questions), which pipelines ask their contacts. */

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
