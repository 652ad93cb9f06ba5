import { describe, expect, it } from 'vitest';
import { resultNote } from './resultNote';

describe('the note under a message in the history', () => {
  it('shows nothing for a message that went out, whatever the extension noted', () => {
    expect(
      resultNote({
        status: 'sent',
        resultDetail: 'Sent by insertText and button; seen in the thread',
      }),
    ).toBeNull();
  });

  it('shows a failure’s reason in red, a skip’s dimmed, and nothing without a detail', () => {
    expect(resultNote({ status: 'failed', resultDetail: 'You can’t message this person' })).toEqual(
      {
        text: 'You can’t message this person',
        color: 'red',
      },
    );
    expect(resultNote({ status: 'skipped', resultDetail: 'Already answered' })).toEqual({
      text: 'Already answered',
      color: 'dimmed',
    });
    expect(resultNote({ status: 'failed', resultDetail: null })).toBeNull();
  });
});
