import { describe, expect, it } from 'vitest';
import { activityDetail, activitySentence, formatDateTime, userTimeZone } from './activity';
import { formatMoney } from './deals';
import type { ActivityItem } from './types';

const activity = (over: Partial<ActivityItem>): ActivityItem => ({
  activityUID: 'a1',
  type: 'initial',
  action: 'created',
  pipelineUID: null,
  stageUID: null,
  value: null,
  currency: null,
  refUID: null,
  note: null,
  data: null,
  createdAt: '2026-11-21T08:00:00.000Z',
  createdAtUnix: 0,
  createdBy: 'Sam',
  createdByUID: 'u1',
  ...over,
});

const stages: Record<string, string> = { s1: 'Lead', s2: 'Proposal' };
const names = {
  contact: 'Dana',
  stage: (id: string) => stages[id],
  pipeline: (id: string) => ({ p1: 'Sales' })[id],
  label: (id: string) => ({ l1: 'Hot' })[id],
  money: (value: number, currency: string) => formatMoney(value, currency, 'en-US'),
};

describe('activitySentence', () => {
  it('says who moved where, by stage id or by name', () => {
    expect(
      activitySentence(
        activity({
          type: 'stage',
          action: 'changed',
          stageUID: 's2',
          data: { from: 's1', to: 's2' },
        }),
        names,
      ),
    ).toBe('Dana moved to Proposal (from Lead)');
    expect(
      activitySentence(
        activity({ type: 'stage', action: 'changed', data: { to: { name: 'Won' } } }),
        names,
      ),
    ).toBe('Dana moved to Won');
    expect(
      activitySentence(activity({ type: 'stage', action: 'changed', stageUID: 's2' }), names),
    ).toBe('Dana moved to Proposal');
    expect(
      activitySentence(
        activity({ type: 'stage', action: 'historyDeleted', data: { stageUID: 's1' } }),
        names,
      ),
    ).toBe('A stage history entry (Lead) was deleted');
  });

  it('reads every type', () => {
    expect(activitySentence(activity({}), names)).toBe('Dana was added as a contact');
    expect(
      activitySentence(activity({ type: 'pipeline', action: 'added', pipelineUID: 'p1' }), names),
    ).toBe('Dana was added to Sales');
    expect(
      activitySentence(activity({ type: 'pipeline', action: 'removed', pipelineUID: 'p9' }), names),
    ).toBe('Dana was removed from p9');
    expect(
      activitySentence(
        activity({
          type: 'pipeline',
          action: 'dealWon',
          value: '1200.5',
          currency: 'USD',
          data: { name: 'Website' },
        }),
        names,
      ),
    ).toBe('Deal “Website” won: $1,200.50');
    expect(activitySentence(activity({ type: 'pipeline', action: 'dealCreated' }), names)).toBe(
      'Deal created',
    );
    expect(
      activitySentence(activity({ type: 'note', action: 'created', note: 'Call back' }), names),
    ).toBe('Note added');
    expect(activitySentence(activity({ type: 'note', action: 'deleted' }), names)).toBe(
      'Note deleted',
    );
    expect(
      activitySentence(
        activity({ type: 'statusLabel', action: 'changed', data: { from: null, to: 'l1' } }),
        names,
      ),
    ).toBe('Status set to “Hot”');
    expect(
      activitySentence(
        activity({ type: 'statusLabel', action: 'changed', data: { from: 'l1', to: null } }),
        names,
      ),
    ).toBe('Status “Hot” cleared');
    expect(
      activitySentence(activity({ type: 'tags', action: 'added', data: { name: 'VIP' } }), names),
    ).toBe('Tag “VIP” added');
    expect(
      activitySentence(
        activity({
          type: 'tags',
          action: 'mapped',
          data: { from: { tagID: 't1', name: 'vip' }, to: { tagID: 't2', name: 'VIP' } },
        }),
        names,
      ),
    ).toBe('Tag “vip” replaced by “VIP”');
    expect(
      activitySentence(
        activity({
          type: 'statusLabel',
          action: 'changed',
          data: { from: null, to: 'l9', fromDisplay: null, toDisplay: 'Cold' },
        }),
        names,
      ),
    ).toBe('Status set to “Cold”');
    expect(
      activitySentence(
        activity({
          type: 'pipeline',
          action: 'dealDeleted',
          value: '10',
          currency: 'EUR',
          data: { name: 'X' },
        }),
        names,
      ),
    ).toBe('Deal “X” deleted: €10.00');
    expect(
      activitySentence(
        activity({ type: 'tags', action: 'removed', pipelineUID: 'p1', data: { tagName: 'Cold' } }),
        names,
      ),
    ).toBe('Tag “Cold” removed in Sales');
    expect(
      activitySentence(activity({ type: 'task', action: 'completed', note: 'Send deck' }), names),
    ).toBe('Task completed: Send deck');
    expect(activitySentence(activity({ type: 'message', action: 'received' }), names)).toBe(
      'Message received from Dana',
    );
    expect(activitySentence(activity({ type: 'future', action: 'thing' }), names)).toBe(
      'future thing',
    );
  });

  it('shows the words of a note, not of a deleted one', () => {
    expect(activityDetail(activity({ type: 'note', action: 'created', note: 'Call back' }))).toBe(
      'Call back',
    );
    expect(activityDetail(activity({ type: 'note', action: 'deleted', note: 'x' }))).toBeNull();
    expect(activityDetail(activity({ type: 'stage', action: 'changed', note: 'x' }))).toBeNull();
  });
});

describe('times in the user time zone', () => {
  it('uses the profile zone when it is a real one, else the browser zone (undefined)', () => {
    expect(userTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(userTimeZone('Mars/Olympus')).toBeUndefined();
    expect(userTimeZone(null)).toBeUndefined();
  });

  it('formats the same moment in the zone given', () => {
    const iso = '2026-11-21T23:30:00.000Z';
    expect(formatDateTime(iso, 'Asia/Tokyo', 'en-GB')).toBe('22 Nov 2026, 08:30');
    expect(formatDateTime(iso, 'America/New_York', 'en-GB')).toBe('21 Nov 2026, 18:30');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});
