import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '../entities';
import { kpiEventOf } from '../kpi';
import { ACTIVITY_ACTIONS, isActivityAction } from './activities';

describe('the activity catalogue', () => {
  it('names actions for every activity type', () => {
    expect(Object.keys(ACTIVITY_ACTIONS).sort()).toEqual([...ACTIVITY_TYPES].sort());
    for (const type of ACTIVITY_TYPES) expect(ACTIVITY_ACTIONS[type].length).toBeGreaterThan(0);
  });

  it("knows each type's own actions and no other's", () => {
    expect(isActivityAction('note', 'edited')).toBe(true);
    expect(isActivityAction('stage', 'edited')).toBe(false);
    expect(isActivityAction('pipeline', 'dealWon')).toBe(true);
  });

  it('holds every action the dashboards count', () => {
    // kpiEventOf reads activities back by these names: a renamed action would count nothing.
    const counted = ACTIVITY_TYPES.flatMap((type) =>
      ACTIVITY_ACTIONS[type]
        .filter((action) =>
          kpiEventOf({
            type,
            action,
            pipelineUID: 'p',
            stageUID: 's',
            value: '1',
            currency: 'USD',
          }),
        )
        .map((action) => `${type}/${action}`),
    );
    expect(counted.sort()).toEqual(
      [
        'initial/created',
        'message/logged',
        'message/sent',
        'pipeline/added',
        'pipeline/dealWon',
        'stage/changed',
        'task/completed',
      ].sort(),
    );
  });
});
