import { describe, expect, it } from 'vitest';
import { activityTimestamp } from './activity-time';
import { appVersionAction } from './app-version';
import { groupAccessFor, roleInTeam, sortByOrder, visiblePipelines } from './team-access';

describe('appVersionAction', () => {
  it.each([
    ['1.0.0', '1.0.0', '/tasks', 'none'],
    ['1.0.0', null, '/tasks', 'none'],
    ['1.0.0', '', '/tasks', 'none'],
    ['1.0.0', '1.0.1', '/queue/facebook', 'reload'],
    ['1.0.0', '1.0.1', '/tasks', 'notify'],
    ['1.0.0', '1.0.1', '/setup/queue/facebook', 'notify'],
  ] as const)('%s → %s on %s: %s', (running, published, pathname, action) => {
    expect(appVersionAction(running, published, pathname)).toBe(action);
  });
});

describe('activityTimestamp', () => {
  it('backdates initial by 2 min and pipeline add by 1 min', () => {
    const now = 1_700_000_000_000;
    expect(activityTimestamp('initial', now)).toBe(now - 120_000);
    expect(activityTimestamp('pipelineAdd', now)).toBe(now - 60_000);
    expect(activityTimestamp('other', now)).toBe(now);
  });
});

describe('team access', () => {
  const members = [{ uid: 'u1', role: 'owner' }, { uid: 'u2', role: 'member' }, { uid: 'u3' }];
  const pipelines = [{ groupUID: 'g1' }, { groupUID: 'g2' }, { groupUID: 'g3' }];

  it('derives the role from the members list', () => {
    expect(roleInTeam(members, 'u1')).toBe('owner');
    expect(roleInTeam(members, 'u2')).toBe('member');
    expect(roleInTeam(members, 'u3')).toBeNull();
    expect(roleInTeam(members, 'nobody')).toBeNull();
    expect(roleInTeam(null, 'u1')).toBeNull();
  });

  it('reads groupAccess lists and maps', () => {
    expect(groupAccessFor({ t1: ['g1', 'g2'] }, 't1')).toEqual(['g1', 'g2']);
    expect(groupAccessFor({ t1: { g1: true, g2: false } }, 't1')).toEqual(['g1']);
    expect(groupAccessFor({ t1: ['g1'] }, 't2')).toEqual([]);
    expect(groupAccessFor({}, 'constructor')).toEqual([]);
    expect(groupAccessFor(null, 't1')).toEqual([]);
  });

  it('shows owners and admins everything, others their groupAccess', () => {
    const groupAccess = { t1: ['g3', 'g1', 'gone'] };
    expect(visiblePipelines(pipelines, { role: 'owner', groupAccess, teamUID: 't1' })).toEqual(
      pipelines,
    );
    expect(
      visiblePipelines(pipelines, { role: 'admin', groupAccess: null, teamUID: 't1' }),
    ).toEqual(pipelines);
    expect(visiblePipelines(pipelines, { role: 'member', groupAccess, teamUID: 't1' })).toEqual([
      { groupUID: 'g1' },
      { groupUID: 'g3' },
    ]);
    expect(visiblePipelines(pipelines, { role: 'member', groupAccess, teamUID: 't2' })).toEqual([]);
    expect(visiblePipelines(pipelines, { role: null, groupAccess, teamUID: 't1' })).toHaveLength(2);
  });

  it('sorts by order, stably, unordered last', () => {
    const items = [
      { id: 'a' },
      { id: 'b', order: 2 },
      { id: 'c', order: 1 },
      { id: 'd', order: 2 },
      { id: 'e', order: null },
      { id: 'f', order: -1 },
    ];
    expect(sortByOrder(items).map((i) => i.id)).toEqual(['f', 'c', 'b', 'd', 'a', 'e']);
    expect(items[0]?.id).toBe('a');
  });
});
