import { describe, expect, it } from 'vitest';
// The features that show each resource register their stale keys when their code loads.
import '../contact/api';
import '../kpi/api';
import '../pipeline/requests';
import '../table/requests';
import '../tasks/api';
import { keysForChange, onChangeOf, type Key } from '../../lib/staleKeys';

/** Keys in a fixed order: which features registered first does not matter. */
const sorted = (keys: readonly Key[]) =>
  [...keys].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('keysForChange', () => {
  const change = (resource: string, id: string) => ({ teamUID: 'T', resource, id });

  it("a card moving within a pipeline makes that pipeline's queries and that contact stale", () => {
    expect(sorted(keysForChange({ ...change('contactPipeline', 'G1/p1'), op: 'update' }))).toEqual(
      sorted([
        ['teams', 'T', 'pipelines', 'p1'],
        ['teams', 'T', 'contacts', 'G1'],
      ]),
    );
  });

  it('a contact joining or leaving a pipeline, or changing, makes every board and the counts stale', () => {
    const cases = [
      { ...change('contactPipeline', 'G1/p1'), op: 'insert' },
      { ...change('contactPipeline', 'G1/p1'), op: 'delete' },
      { ...change('contact', 'G1'), op: 'update' },
      { ...change('contactTag', 'G1/t1'), op: 'insert' },
    ];
    for (const c of cases) {
      expect(sorted(keysForChange(c))).toEqual(
        sorted([
          ['teams', 'T', 'pipelines'],
          ['teams', 'T', 'contacts', 'G1'],
        ]),
      );
    }
  });

  it('a contact part makes only that contact stale', () => {
    for (const resource of ['note', 'deal', 'answer', 'stageHistory']) {
      expect(sorted(keysForChange(change(resource, 'G2/x')))).toEqual(
        sorted([['teams', 'T', 'contacts', 'G2']]),
      );
    }
  });

  it('an activity makes its contact and the KPI numbers stale', () => {
    expect(sorted(keysForChange(change('activity', 'G2/x')))).toEqual(
      sorted([
        ['teams', 'T', 'contacts', 'G2'],
        ['teams', 'T', 'kpis'],
      ]),
    );
  });

  it('a task makes the task lists (and badge) stale, and its contact when it has one', () => {
    expect(sorted(keysForChange(change('task', 'G3/t1')))).toEqual(
      sorted([
        ['teams', 'T', 'tasks'],
        ['teams', 'T', 'contacts', 'G3'],
      ]),
    );
    expect(sorted(keysForChange(change('task', '-/t2')))).toEqual(
      sorted([['teams', 'T', 'tasks']]),
    );
  });

  it('a KPI defined, edited or deleted makes the KPI list and charts stale, nothing else', () => {
    expect(sorted(keysForChange(change('kpi', 'k1')))).toEqual(sorted([['teams', 'T', 'kpis']]));
  });

  it('a saved view or a bulk job makes only its own list stale', () => {
    expect(sorted(keysForChange(change('filterSet', 'fs1')))).toEqual(
      sorted([['teams', 'T', 'filter-sets']]),
    );
    expect(sorted(keysForChange(change('bulkJob', 'u1/j1')))).toEqual(
      sorted([['teams', 'T', 'bulk-jobs']]),
    );
  });

  it('setup and team-wide changes make the whole team stale', () => {
    for (const resource of [
      'pipeline',
      'stage',
      'tagSet',
      'tag',
      'statusLabel',
      'phase',
      'question',
      'member',
    ]) {
      expect(sorted(keysForChange(change(resource, 'u1')))).toEqual(sorted([['teams', 'T']]));
    }
  });
});

describe('registering stale keys', () => {
  it("adds a feature's keys to a resource's, and falls back to the team once taken back", () => {
    const change = { teamUID: 'T', resource: 'phase', id: 'ph1' };
    expect(keysForChange(change)).toEqual([['teams', 'T']]);
    const takeBack = onChangeOf(['phase'], ({ teamUID, GTID }) => [
      ['teams', teamUID, 'phases', GTID],
    ]);
    expect(keysForChange(change)).toEqual([['teams', 'T', 'phases', 'ph1']]);
    takeBack();
    expect(keysForChange(change)).toEqual([['teams', 'T']]);
  });
});
