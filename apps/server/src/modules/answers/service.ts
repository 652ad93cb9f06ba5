import { newPushId, DomainError, resourceKey } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type WriteOptions, type Db, inTx } from '../../db/tx';
import { requireContact } from '../contact-parts/access';
import { requireContactInPipeline } from '../contact-parts/placement';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

export interface AnswerInput {
  questionUID?: string | null | undefined;
  question?: string | undefined;
  answer: string;
}

/**
 * Replaces a contact's answers in a pipeline (SPEC groupData questions). A `questionUID` must be
 * one of the team's questions; its text is taken from the team when `question` is left out.
 */
export async function replaceAnswers(
  db: Db,
  scope: TeamScope,
  gtid: string,
  pipelineUID: string,
  input: readonly AnswerInput[],
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireContact(scope, tx.db, gtid, { lock: true });
      await requireContactInPipeline(scope, tx.db, gtid, pipelineUID, 'groupUID');
      const uids = [...new Set(input.flatMap((a) => (a.questionUID ? [a.questionUID] : [])))];
      const known = await repo.teamQuestions(scope, tx.db, uids);
      const answers = input.map((a, i): repo.AnswerView => {
        const questionUID = a.questionUID ?? null;
        const teamText = questionUID ? known.get(questionUID) : undefined;
        if (questionUID && teamText === undefined) {
          throw new DomainError(
            'invalid-argument',
            `answers.${i}.questionUID: this team has no such question.`,
            `answers.${i}.questionUID`,
          );
        }
        const question = a.question ?? teamText;
        if (!question) {
          throw new DomainError(
            'invalid-argument',
            `answers.${i}.question: write the question (or pick one of the team’s questions).`,
            `answers.${i}.question`,
          );
        }
        return { answerUID: newPushId(), questionUID, question, answer: a.answer };
      });
      const removed = await repo.replaceAnswers(scope, tx.db, gtid, pipelineUID, answers);
      await emit(tx, scope, {
        changed: removed.map((uid) => logChange('answer', resourceKey.part(gtid, uid), 'delete')),
      });
      await emit(tx, scope, {
        changed: answers.map((a) =>
          logChange('answer', resourceKey.part(gtid, a.answerUID), 'insert'),
        ),
      });
      return { answers };
    },
    options,
  );
}
