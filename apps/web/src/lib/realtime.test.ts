import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  createKeyBatcher,
  createRefresher,
  createSseParser,
  formatEventId,
  parseEventId,
  ResumePoint,
  unionOfTeams,
  type SseMessage,
} from './realtime';

function parse(...chunks: string[]): SseMessage[] {
  const out: SseMessage[] = [];
  const parser = createSseParser((message) => out.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return out;
}

describe('createSseParser', () => {
  it('reads event, id and data, defaulting the type to message', () => {
    expect(
      parse('event: open\nid: t1:5\ndata: {"teams":{"t1":5}}\n\n', 'id: t1:6\ndata: x\n\n'),
    ).toEqual([
      { event: 'open', id: 't1:5', data: '{"teams":{"t1":5}}' },
      { event: 'message', id: 't1:6', data: 'x' },
    ]);
  });

  it('joins multi-line data with newlines and keeps a value without the space', () => {
    expect(parse('data: one\ndata:two\ndata\n\n')).toEqual([
      { event: 'message', id: null, data: 'one\ntwo\n' },
    ]);
  });

  it('skips comments and heartbeats, and blank lines without fields', () => {
    expect(parse(': heartbeat\n\n', '\n', ':\n\ndata: a\n\n')).toEqual([
      { event: 'message', id: null, data: 'a' },
    ]);
  });

  it('delivers an id-only message (the resume point moved)', () => {
    expect(parse('id: t1:9\n\n')).toEqual([{ event: 'message', id: 't1:9', data: '' }]);
  });

  it('handles chunks split anywhere, CRLF and CR line ends', () => {
    const text = 'event: reset\r\ndata: {"reason"\r\n\r\nid: a:1\rdata: b\r\r\n';
    const whole = parse(text);
    const pieces = parse(...text.split(''));
    expect(whole).toEqual([
      { event: 'reset', id: null, data: '{"reason"' },
      { event: 'message', id: 'a:1', data: 'b' },
    ]);
    expect(pieces).toEqual(whole);
  });

  it('does not deliver a message until its blank line arrives, nor after reset()', () => {
    const out: SseMessage[] = [];
    const parser = createSseParser((message) => out.push(message));
    parser.push('data: half\n');
    expect(out).toEqual([]);
    parser.reset();
    parser.push('\n');
    expect(out).toEqual([]);
  });
});

describe('event ids and team sets', () => {
  it('parses and formats the team → seq map, sorted, skipping junk', () => {
    const seqs = parseEventId('-NbQ7:17,-NaX1:1042,bad,x:-1,y:abc');
    expect([...seqs]).toEqual([
      ['-NbQ7', 17],
      ['-NaX1', 1042],
    ]);
    expect(formatEventId(seqs, ['-NbQ7', '-NaX1', 'other'])).toBe('-NaX1:1042,-NbQ7:17');
    expect(formatEventId(seqs, ['other'])).toBeNull();
  });

  it('keeps every team seen, so a team that comes back resumes where it was', () => {
    const resume = new ResumePoint();
    resume.update('a:1,b:2');
    resume.update('a:5'); // b left the stream
    expect(resume.idFor(['a'])).toBe('a:5');
    expect(resume.idFor(['a', 'b', 'c'])).toBe('a:5,b:2');
    resume.forget('a');
    expect(resume.idFor(['a', 'b'])).toBe('b:2');
    resume.forget();
    expect(resume.idFor(['a', 'b'])).toBeNull();
  });

  it('streams the sorted union of the teams the tabs have open', () => {
    const tabs = new Map([
      ['tab1', ['b', 'a']],
      ['tab2', ['a']],
      ['tab3', ['c', '']],
    ]);
    expect(unionOfTeams(tabs)).toEqual(['a', 'b', 'c']);
    tabs.delete('tab3');
    expect(unionOfTeams(tabs)).toEqual(['a', 'b']);
  });

  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 3, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 30000]);
  });
});

describe('createKeyBatcher', () => {
  it('coalesces keys within one window, once each, dropping keys a prefix covers', () => {
    const runs: (() => void)[] = [];
    const flushed: unknown[][] = [];
    const add = createKeyBatcher(
      (keys) => flushed.push(keys),
      50,
      (run) => runs.push(run),
    );
    add([['teams', 'T', 'contacts', 'G1']]);
    add([
      ['teams', 'T', 'pipelines'],
      ['teams', 'T', 'contacts', 'G1'],
    ]);
    add([
      ['teams', 'T2', 'x'],
      ['teams', 'T2'],
    ]);
    expect(runs).toHaveLength(1);
    runs[0]!();
    expect(flushed).toEqual([
      [
        ['teams', 'T', 'contacts', 'G1'],
        ['teams', 'T', 'pipelines'],
        ['teams', 'T2'],
      ],
    ]);
    add([['teams', 'T', 'pipelines']]);
    expect(runs).toHaveLength(2);
  });
});

describe('createRefresher', () => {
  it('refreshes a key at once, and once more after the running refresh when it changes again', async () => {
    const calls: string[] = [];
    const pending: (() => void)[] = [];
    const refresh = createRefresher((key) => {
      calls.push(JSON.stringify(key));
      return new Promise<void>((resolve) => pending.push(resolve));
    });
    const board = ['teams', 'T', 'pipelines', 'p1'];
    const contact = ['teams', 'T', 'contacts', 'G1'];
    refresh([board, contact]);
    expect(calls).toHaveLength(2);
    // Three more changes while the board refetch runs: one queued refresh, not three.
    refresh([board]);
    refresh([board]);
    refresh([board]);
    expect(calls).toHaveLength(2);
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([JSON.stringify(board), JSON.stringify(contact), JSON.stringify(board)]);
    pending.shift()!();
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toHaveLength(3);
    // Idle again: the next change refreshes at once.
    refresh([board]);
    expect(calls).toHaveLength(4);
  });

  it('goes on after a refresh that failed', async () => {
    let n = 0;
    const refresh = createRefresher(() =>
      n++ === 0 ? Promise.reject(new Error('x')) : Promise.resolve(),
    );
    refresh([['k']]);
    refresh([['k']]);
    await new Promise((r) => setTimeout(r, 0));
    expect(n).toBe(2);
  });
});
