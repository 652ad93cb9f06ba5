import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';

export interface AnswerView {
  answerUID: string;
  questionUID: string | null;
  question: string;
  answer: string;
}

/** The team's questions (live and test) among `questionUIDs`, by uid. */
export async function teamQuestions(
  scope: TeamScope,
  db: AppDb,
  questionUIDs: readonly string[],
): Promise<Map<string, string>> {
  if (questionUIDs.length === 0) return new Map();
  const r = await db.execute<{ question_uid: string; question: string }>(sql`
    SELECT question_uid, question FROM team_question
    WHERE team_uid = ${scope.teamUID} AND question_uid = ANY(${sql.param([...questionUIDs])}::text[])`);
  return new Map(r.rows.map((row) => [row.question_uid, row.question]));
}

/** Replaces a contact's answers in one pipeline; answers the removed uids. */
export async function replaceAnswers(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUID: string,
  answers: readonly AnswerView[],
): Promise<string[]> {
  const removed = await db.execute<{ answer_uid: string }>(sql`
    DELETE FROM answer
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid} AND pipeline_uid = ${pipelineUID}
    RETURNING answer_uid`);
  if (answers.length > 0) {
    await db.execute(sql`
      INSERT INTO answer (team_uid, answer_uid, gtid, pipeline_uid, question_uid, question, answer, "order")
      VALUES ${sql.join(
        answers.map(
          (
            a,
            i,
          ) => sql`(${scope.teamUID}, ${a.answerUID}, ${gtid}, ${pipelineUID}, ${a.questionUID},
            ${a.question}, ${a.answer}, ${i})`,
        ),
        sql`, `,
      )}`);
  }
  return removed.rows.map((row) => row.answer_uid);
}
