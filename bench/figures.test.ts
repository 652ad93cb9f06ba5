import { describe, expect, it } from 'vitest';
import { compareTables, formatTable, medianTable, type BenchLine } from './figures';

const line = (id: string, serverCpuMs: number, dbCpuMs: number, extra: Partial<BenchLine> = {}) =>
  ({
    id,
    figure: `p95 ${serverCpuMs} ms`,
    requests: 400,
    serverCpuMs,
    dbCpuMs,
    errors: 0,
    ...extra,
  }) satisfies BenchLine;

describe('comparing quick tables by CPU per request', () => {
  it('flags a figure whose server + database CPU per request is more than 20 % worse', () => {
    const ref = [line('board-read', 2.0, 3.0), line('search', 1.0, 1.0)];
    const work = [line('board-read', 2.5, 3.8), line('search', 1.1, 1.0)];
    const rows = compareTables(ref, work);
    expect(rows.find((r) => r.id === 'board-read')).toMatchObject({ flagged: true });
    expect(rows.find((r) => r.id === 'board-read')!.change).toBeCloseTo(0.26, 2);
    expect(rows.find((r) => r.id === 'search')).toMatchObject({ flagged: false });
  });

  it('does not flag 20 % or less, a better figure, or latency alone', () => {
    const ref = [line('a', 5, 5), line('b', 5, 5), line('c', 5, 5)];
    const work = [
      line('a', 6, 6), // exactly +20 %
      line('b', 2, 2), // better
      line('c', 5, 5, { figure: 'p95 900 ms' }), // slower on a loaded machine, same CPU
    ];
    expect(compareTables(ref, work).filter((r) => r.flagged)).toEqual([]);
  });

  it('does not flag differences below what 10 ms CPU ticks resolve', () => {
    const rows = compareTables([line('tiny', 0.1, 0.05)], [line('tiny', 0.15, 0.05)]);
    expect(rows[0]!.change).toBeGreaterThan(0.2);
    expect(rows[0]!.flagged).toBe(false);
  });

  it('judges on the server alone where the database CPU is unknown', () => {
    const rows = compareTables([line('pg', 2, NaN)], [line('pg', 3, NaN)]);
    expect(rows[0]).toMatchObject({ flagged: true });
  });

  it('takes the median of three runs, so one noisy run does not flag', () => {
    const ref = medianTable([[line('x', 2, 2)], [line('x', 2.1, 2)], [line('x', 1.9, 2)]]);
    const work = medianTable([[line('x', 2, 2)], [line('x', 9, 9)], [line('x', 2.1, 2)]]);
    expect(compareTables(ref, work)[0]!.flagged).toBe(false);
    const worse = medianTable([[line('x', 3, 3)], [line('x', 9, 9)], [line('x', 2.1, 2)]]);
    expect(compareTables(ref, worse)[0]!.flagged).toBe(true);
  });

  it('reports a line present on one side only without flagging it', () => {
    const rows = compareTables([line('old', 1, 1)], [line('new', 1, 1)]);
    expect(rows.map((r) => [r.id, r.flagged])).toEqual([
      ['old', false],
      ['new', false],
    ]);
  });

  it('prints goals as goal lines and marks a worse line against the baseline', () => {
    const text = formatTable(
      [line('board-read', 4, 4, { goal: 'p95 <= 35 ms embedded' }), line('search', 1, 1)],
      [line('board-read', 2, 2), line('search', 1, 1)],
    );
    expect(text).toMatch(/board-read .*\+100 % WORSE/);
    expect(text).toMatch(/search .*\+0 %(?! WORSE)/);
    expect(text).toContain('goal board-read: p95 <= 35 ms embedded');
  });
});
