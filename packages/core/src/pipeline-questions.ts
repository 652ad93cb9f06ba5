/**
 * SPEC §3 Team `questions` and groupData `questions`: the team keeps one bank of membership
 * questions; each pipeline asks the ones it picked (a new pipeline asks none), in the bank's
 * order. Answers stay with the pipeline they were given in.
 */

export interface BankQuestion {
  questionUID: string;
  /** 'live' questions are asked; 'test' ones only try automations. */
  kind: string;
  order: number;
}

export interface PipelineQuestionsProblem {
  /** Index in the chosen list of the first question that cannot be asked. */
  index: number;
  message: string;
}

/**
 * Why a pipeline cannot ask `chosen`, or null when it can: each must be one of the team's live
 * questions. Repeats are harmless (a pipeline asks a question once).
 */
export function pipelineQuestionsProblem(
  chosen: readonly string[],
  bank: readonly BankQuestion[],
): PipelineQuestionsProblem | null {
  const kinds = new Map(bank.map((q) => [q.questionUID, q.kind]));
  for (const [index, uid] of chosen.entries()) {
    const kind = kinds.get(uid);
    if (kind === undefined) {
      return { index, message: `questions: "${uid}" is not one of the team's questions.` };
    }
    if (kind !== 'live') {
      return {
        index,
        message: `questions: "${uid}" is a test question; a pipeline asks only the team's live questions.`,
      };
    }
  }
  return null;
}

/** The questions a pipeline asks: the live ones of the bank it picked, in the bank's order. */
export function questionsAsked<T extends BankQuestion>(
  bank: readonly T[],
  chosen: readonly string[],
): T[] {
  const picked = new Set(chosen);
  return bank
    .filter((q) => q.kind === 'live' && picked.has(q.questionUID))
    .sort((a, b) => a.order - b.order || (a.questionUID < b.questionUID ? -1 : 1));
}
