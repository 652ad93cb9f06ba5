import { describe, expect, it } from 'vitest';
import { pipelineQuestionsProblem, questionsAsked } from './pipeline-questions';

const bank = [
  { questionUID: 'q-why', kind: 'live', order: 1 },
  { questionUID: 'q-who', kind: 'live', order: 0 },
  { questionUID: 'q-try', kind: 'test', order: 0 },
];

describe('a pipeline picks from the team question bank', () => {
  it('accepts live questions of the bank, repeats included, and an empty pick', () => {
    expect(pipelineQuestionsProblem(['q-why', 'q-who', 'q-why'], bank)).toBeNull();
    expect(pipelineQuestionsProblem([], bank)).toBeNull();
  });

  it('names the first question the team does not have', () => {
    expect(pipelineQuestionsProblem(['q-who', 'q-other-team'], bank)).toEqual({
      index: 1,
      message: `questions: "q-other-team" is not one of the team's questions.`,
    });
  });

  it('refuses a test question', () => {
    expect(pipelineQuestionsProblem(['q-try'], bank)).toMatchObject({
      index: 0,
      message: expect.stringMatching(/test question/),
    });
  });

  it("asks the picked live questions in the bank's order, whatever order they were picked in", () => {
    expect(questionsAsked(bank, ['q-why', 'q-who', 'q-try']).map((q) => q.questionUID)).toEqual([
      'q-who',
      'q-why',
    ]);
  });

  it('asks nothing when nothing is picked (a new pipeline)', () => {
    expect(questionsAsked(bank, [])).toEqual([]);
  });
});
