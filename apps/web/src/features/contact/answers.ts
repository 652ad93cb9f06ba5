import type { Answer, Question } from './types';

/** One row per team question, then any answer to a question the team no longer asks. */
export function answerRows(questions: readonly Question[], answers: readonly Answer[]): Answer[] {
  const byQuestion = new Map(answers.filter((a) => a.questionUID).map((a) => [a.questionUID, a]));
  const rows: Answer[] = questions.map((q) => ({
    questionUID: q.questionUID,
    question: q.question,
    answer: byQuestion.get(q.questionUID)?.answer ?? '',
  }));
  const asked = new Set(questions.map((q) => q.questionUID));
  for (const a of answers) if (!a.questionUID || !asked.has(a.questionUID)) rows.push({ ...a });
  return rows;
}
