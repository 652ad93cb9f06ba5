import type { GetStatusAnswer, ProcessorStatus } from '@leadloom/core';
import { describe, expect, it } from 'vitest';
import { clockTime, processorLines } from './status';

const idle: ProcessorStatus = {
  state: 'idle',
  sending: null,
  nextAt: null,
  waitReason: null,
  waitMessage: null,
  lastError: null,
};

const answer = (platforms: Partial<GetStatusAnswer['platforms']>): GetStatusAnswer => ({
  platforms: { facebook: idle, instagram: idle, linkedin: idle, ...platforms },
});

/** Writes times in UTC, so the test does not depend on the machine's zone. */
const utc = (at: Date) => at.toISOString().slice(11, 16);

describe('the popup’s processor lines', () => {
  it('lists nothing while no processor runs', () => {
    expect(processorLines(answer({}), utc)).toEqual([]);
    // A stopped processor (signed out) is idle: not listed as sending.
    expect(
      processorLines(answer({ facebook: { ...idle, lastError: 'Signed out of Leadloom' } }), utc),
    ).toEqual([]);
  });

  it('says which platform sends now, which waits until when and why, and which is paused', () => {
    const lines = processorLines(
      answer({
        facebook: { ...idle, state: 'running', sending: { itemUID: 'i1', recipient: 'r' } },
        instagram: {
          ...idle,
          state: 'running',
          nextAt: '2027-01-04T14:05:00.000Z',
          waitReason: 'hourly-cap',
        },
        linkedin: {
          ...idle,
          state: 'paused',
          nextAt: '2027-01-05T12:00:00.000Z',
          waitReason: 'paused',
          waitMessage:
            'LinkedIn showed a limit warning, so sending stopped for 24 hours to protect your account.',
        },
      }),
      utc,
    );
    expect(lines).toEqual([
      { platform: 'facebook', name: 'Facebook', state: 'sending', text: 'Sending a message now' },
      {
        platform: 'instagram',
        name: 'Instagram',
        state: 'waiting',
        text: 'This hour’s limit reached: next message 14:05',
      },
      {
        platform: 'linkedin',
        name: 'LinkedIn',
        state: 'paused',
        text: 'Paused until 12:00. LinkedIn showed a limit warning, so sending stopped for 24 hours to protect your account.',
      },
    ]);
  });

  it('words each wait, and a pause the extension has no reason for', () => {
    const waiting = (waitReason: string) =>
      processorLines(
        answer({
          facebook: { ...idle, state: 'running', nextAt: '2027-01-04T09:30:00.000Z', waitReason },
        }),
        utc,
      )[0]?.text;
    expect(waiting('spacing')).toBe('Next message 09:30');
    expect(waiting('break')).toBe('Taking a break: next message 09:30');
    expect(waiting('outside-hours')).toBe('Outside working hours: next message 09:30');
    expect(waiting('daily-cap')).toBe('Today’s limit reached: next message 09:30');
    expect(waiting('empty')).toBe('Nothing queued');
    expect(waiting('something-new')).toBe('Next message 09:30');
    const nothing = processorLines(
      answer({ facebook: { ...idle, state: 'running', waitReason: null } }),
      utc,
    );
    expect(nothing[0]?.text).toBe('Waiting');
    const paused = processorLines(
      answer({
        facebook: { ...idle, state: 'paused', waitReason: 'paused', waitMessage: undefined },
      }),
      utc,
    );
    expect(paused[0]?.text).toBe('Paused until you resume. Open Leadloom to see why.');
  });

  it('adds an error the processor retries after', () => {
    const [line] = processorLines(
      answer({
        facebook: {
          ...idle,
          state: 'running',
          nextAt: '2027-01-04T09:31:00.000Z',
          waitReason: null,
          lastError: 'Leadloom could not be reached (fetch failed)',
        },
      }),
      utc,
    );
    expect(line?.text).toBe('Next message 09:31. Leadloom could not be reached (fetch failed)');
  });

  it('writes the time as HH:MM on a 24-hour clock', () => {
    expect(clockTime(new Date(2027, 0, 4, 7, 5))).toBe('07:05');
    expect(clockTime(new Date(2027, 0, 4, 19, 45))).toBe('19:45');
  });
});
