import { describe, expect, it } from 'vitest';
import { answerRows } from './answers';

describe('answerRows', () => {
  it('lists every team question with its answer, then answers to questions no longer asked', () => {
    const rows = answerRows(
      [
        { questionUID: 'q1', question: 'Budget?', order: 0, kind: 'live' },
        { questionUID: 'q2', question: 'Timeline?', order: 1, kind: 'live' },
      ],
      [
        { questionUID: 'q2', question: 'Timeline?', answer: 'Q1' },
        { questionUID: 'gone', question: 'Old?', answer: 'yes' },
        { questionUID: null, question: 'Free', answer: 'text' },
      ],
    );
    expect(rows.map((r) => [r.questionUID, r.question, r.answer])).toEqual([
      ['q1', 'Budget?', ''],
      ['q2', 'Timeline?', 'Q1'],
      ['gone', 'Old?', 'yes'],
      [null, 'Free', 'text'],
    ]);
  });
});
