import { describe, expect, it } from 'vitest';
import { analyticsQuery, compactJson } from './analyticsView';
import { summarizeFlag, teamFlagMap, withFlag, type FlagOverview } from './flagsOverview';

describe('analytics view', () => {
  it('shows properties as one line of JSON, blank when there are none', () => {
    expect(compactJson({ path: '/contacts', n: 2 })).toBe('{"path":"/contacts","n":2}');
    expect(compactJson({})).toBe('');
    expect(compactJson(null)).toBe('');
    expect(compactJson(['a'])).toBe('["a"]');
  });

  it('cuts long properties with an ellipsis at the limit', () => {
    const text = compactJson({ long: 'x'.repeat(200) }, 20);
    expect(text).toHaveLength(20);
    expect(text.endsWith('…')).toBe(true);
  });

  it('sends the name filter only when there is one', () => {
    expect(analyticsQuery(100, '  ')).toEqual({ limit: 100 });
    expect(analyticsQuery(50, ' landing ')).toEqual({ limit: 50, name: 'landing' });
  });
});

describe('flags overview', () => {
  const flags: FlagOverview[] = [
    {
      name: 'facebook_bulk_messaging_access',
      teams: [
        { teamUID: 'T1', name: 'Acme', enabled: true },
        { teamUID: 'T2', name: 'Zeta', enabled: false },
      ],
    },
    { name: 'dev-beta', teams: [{ teamUID: 'T1', name: 'Acme', enabled: true }] },
    { name: 'instagram_bulk_messaging_access', teams: [] },
  ];

  it('counts teams on and off and marks named and dev flags', () => {
    expect(summarizeFlag(flags[0]!)).toEqual({
      name: 'facebook_bulk_messaging_access',
      named: true,
      dev: false,
      on: 1,
      off: 1,
    });
    expect(summarizeFlag(flags[1]!)).toMatchObject({ named: false, dev: true, on: 1 });
  });

  it("rebuilds one team's stored map, dev flags kept as stored", () => {
    expect(teamFlagMap(flags, 'T1')).toEqual({
      facebook_bulk_messaging_access: true,
      'dev-beta': true,
    });
    expect(teamFlagMap(flags, 'T3')).toEqual({});
  });

  it('changes only the one flag in the full map', () => {
    expect(withFlag(teamFlagMap(flags, 'T1'), 'facebook_bulk_messaging_access', false)).toEqual({
      facebook_bulk_messaging_access: false,
      'dev-beta': true,
    });
    expect(withFlag({}, 'instagram_bulk_messaging_access', true)).toEqual({
      instagram_bulk_messaging_access: true,
    });
  });
});
