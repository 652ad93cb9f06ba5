import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  kpiEventOf,
  kpiInputSchema,
  kpiProgress,
  kpiRange,
  kpiSeriesPlan,
  monthEnd,
} from './kpi';
import { addDays } from './tasks';

describe('which activity is which KPI event', () => {
  it('counts contacts created, stage entries, messages, tasks done and deals won', () => {
    expect(kpiEventOf({ type: 'initial', action: 'created' })?.kind).toBe('added');
    expect(kpiEventOf({ type: 'message', action: 'sent' })?.kind).toBe('message');
    expect(kpiEventOf({ type: 'message', action: 'logged' })?.kind).toBe('message');
    expect(kpiEventOf({ type: 'task', action: 'completed' })?.kind).toBe('task');
    expect(
      kpiEventOf({ type: 'stage', action: 'changed', pipelineUID: 'p', stageUID: 's' }),
    ).toEqual({ kind: 'stage', pipelineUID: 'p', stageUID: 's', currency: '', value: null });
    // Placed in a pipeline: that is entering its stage.
    expect(
      kpiEventOf({ type: 'pipeline', action: 'added', pipelineUID: 'p', stageUID: 's0' }),
    ).toMatchObject({ kind: 'stage', stageUID: 's0' });
    expect(
      kpiEventOf({
        type: 'pipeline',
        action: 'dealWon',
        pipelineUID: 'p',
        value: '1200.50',
        currency: 'EUR',
      }),
    ).toEqual({ kind: 'won', pipelineUID: 'p', stageUID: '', currency: 'EUR', value: '1200.50' });
  });

  it('ignores everything else', () => {
    for (const a of [
      { type: 'task', action: 'created' },
      { type: 'task', action: 'reopened' },
      { type: 'stage', action: 'historyDeleted', pipelineUID: 'p', stageUID: 's' },
      { type: 'stage', action: 'changed', pipelineUID: 'p', stageUID: null },
      { type: 'pipeline', action: 'removed', pipelineUID: 'p', stageUID: 's' },
      { type: 'pipeline', action: 'dealLost', pipelineUID: 'p', value: '5', currency: 'USD' },
      { type: 'pipeline', action: 'dealCreated', pipelineUID: 'p', value: '5', currency: 'USD' },
      { type: 'note', action: 'created' },
      { type: 'tags', action: 'added' },
    ]) {
      expect(kpiEventOf(a)).toBeNull();
    }
  });
});

describe('KPI periods', () => {
  it('day, week (Monday to Sunday), month and custom', () => {
    expect(kpiRange('day', '2026-11-21')).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(kpiRange('week', '2026-11-21')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(kpiRange('month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(kpiRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(kpiRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(kpiRange('custom', '2026-11-21', { from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(() => kpiRange('custom', '2026-11-21', { from: null, to: null })).toThrow();
  });

  it('a week period always holds today and seven days', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n));
    fc.assert(
      fc.property(day, (today) => {
        const r = kpiRange('week', today);
        return r.from <= today && today <= r.to && daysBetween(r.from, r.to) === 7;
      }),
    );
    fc.assert(
      fc.property(day, (today) => {
        const r = kpiRange('month', today);
        return r.from <= today && today <= r.to && addDays(monthEnd(today), 1).endsWith('-01');
      }),
    );
  });

  it('charts by day up to two months, by week beyond', () => {
    const week = kpiSeriesPlan({ from: '2026-11-16', to: '2026-11-22' });
    expect(week.bucket).toBe('day');
    expect(week.starts).toHaveLength(7);
    const today = kpiSeriesPlan({ from: '2026-11-21', to: '2026-11-21' });
    expect(today.starts).toHaveLength(14);
    expect(today.starts.at(-1)).toBe('2026-11-21');
    const year = kpiSeriesPlan({ from: '2026-01-01', to: '2026-12-31' });
    expect(year.bucket).toBe('week');
    expect(year.starts[0]).toBe('2025-12-29'); // the Monday of Jan 1st's week
    expect(year.starts.every((s, i) => i === 0 || daysBetween(year.starts[i - 1]!, s) === 8)).toBe(
      true,
    );
  });

  it('progress against a target', () => {
    expect(kpiProgress(5, 10)).toBe(0.5);
    expect(kpiProgress(5, 0)).toBeNull();
  });
});

describe('KPI input', () => {
  const base = { name: 'Calls booked', event: 'stage', period: 'week', target: 20 };
  const issues = (v: unknown) =>
    kpiInputSchema.safeParse(v).error?.issues.map((i) => i.path.join('.')) ?? [];

  it('names the field that is missing', () => {
    expect(issues(base)).toEqual(['pipelineUID', 'stageUID']);
    expect(issues({ ...base, event: 'won' })).toEqual(['currency']);
    expect(issues({ ...base, event: 'added', period: 'custom' })).toEqual(['from', 'to']);
    expect(
      issues({ ...base, event: 'added', period: 'custom', from: '2026-02-01', to: '2026-01-01' }),
    ).toEqual(['to']);
    expect(issues({ ...base, event: 'added', name: ' ' })).toEqual(['name']);
    expect(issues({ ...base, event: 'added', target: -1 })).toEqual(['target']);
    expect(issues({ ...base, event: 'added', members: [] })).toEqual(['members']);
    expect(issues({ ...base, event: 'nope' })).toContain('event');
  });

  it('accepts a complete KPI and upper-cases the currency', () => {
    const k = kpiInputSchema.parse({ ...base, event: 'won', currency: 'eur' });
    expect(k.currency).toBe('EUR');
    expect(issues({ ...base, pipelineUID: 'p', stageUID: 's', members: ['u1'] })).toEqual([]);
  });
});
