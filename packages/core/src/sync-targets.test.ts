import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  connectionCoversPipeline,
  selectSyncTargets,
  type SyncTargetConnection,
} from './sync-targets';

const conn = (system: string, over: Partial<SyncTargetConnection> = {}): SyncTargetConnection => ({
  connectionUID: `c-${system}`,
  system,
  status: 'active',
  options: { syncStages: true, syncTags: true, syncNotes: true, syncInfo: true },
  ...over,
});
const contact = { emailAddress: 'a@b.co' };

describe('selectSyncTargets', () => {
  it('a stage without remoteID goes to webhooks only; with one, to GoHighLevel too', () => {
    const all = [conn('webhooks'), conn('gohighlevel')];
    const plain = selectSyncTargets(all, { kind: 'stage', contact, pipelineUID: 'p', stage: {} });
    expect(plain.map((t) => t.connection.system)).toEqual(['webhooks']);
    const mapped = selectSyncTargets(all, {
      kind: 'stage',
      contact,
      pipelineUID: 'p',
      stage: { remoteID: 'ghl-1' },
    });
    expect(mapped.map((t) => t.connection.system)).toEqual(['webhooks', 'gohighlevel']);
  });

  it('skips a connection whose option is off, that is paused or inactive', () => {
    const off = conn('webhooks', { options: { syncTags: true } });
    const paused = conn('gsheet', { isPaused: true });
    const inactive = conn('webhooks', { status: 'inactive' });
    const change = { kind: 'stage', contact, pipelineUID: 'p', stage: {} } as const;
    expect(selectSyncTargets([off, paused, inactive], change)).toEqual([]);
  });

  it('syncEmailOnly needs an e-mail or phone', () => {
    const c = conn('webhooks', { syncEmailOnly: true });
    const change = { kind: 'notes', contact: {}, pipelineUID: null } as const;
    expect(selectSyncTargets([c], change)).toEqual([]);
    expect(selectSyncTargets([c], { ...change, contact: { phoneNumber: '+1' } })).toHaveLength(1);
  });

  it('tag changes: the per-system remoteID rule and the tag-set scope', () => {
    const tags = [
      { tagID: 't1', tagSetUID: 's1', remoteID: '9' },
      { tagID: 't2', tagSetUID: 's2' },
    ];
    const targets = selectSyncTargets(
      [conn('activecampaign'), conn('convertkit'), conn('webhooks', { usedInTagSets: ['s2'] })],
      { kind: 'tags', contact, pipelineUID: null, tags },
    );
    expect(targets.map((t) => [t.connection.system, t.tags?.map((x) => x.tagID)])).toEqual([
      ['activecampaign', ['t1']],
      ['convertkit', ['t1', 't2']],
      ['webhooks', ['t2']],
    ]);
    // No tag left for a system = no target at all.
    expect(
      selectSyncTargets([conn('activecampaign')], {
        kind: 'tags',
        contact,
        pipelineUID: null,
        tags: [tags[1]!],
      }),
    ).toEqual([]);
  });

  it('carries the delay of the sync period (SPEC §9)', () => {
    const [t] = selectSyncTargets([conn('webhooks', { syncPeriod: 15 })], {
      kind: 'info',
      contact,
      pipelineUID: null,
    });
    expect(t?.delayBy).toBe(15);
  });

  it('pipeline scope: usedInPipelines, then selectedPipeline, else every pipeline', () => {
    expect(connectionCoversPipeline(conn('x', { usedInPipelines: ['a'] }), 'a')).toBe(true);
    expect(connectionCoversPipeline(conn('x', { usedInPipelines: ['a'] }), 'b')).toBe(false);
    expect(connectionCoversPipeline(conn('x', { selectedPipeline: 'b' }), 'b')).toBe(true);
    expect(connectionCoversPipeline(conn('x', { selectedPipeline: 'b' }), 'a')).toBe(false);
    expect(connectionCoversPipeline(conn('x'), 'any')).toBe(true);
    fc.assert(
      fc.property(fc.array(fc.string()), fc.option(fc.string()), (used, sel) =>
        connectionCoversPipeline(conn('x', { usedInPipelines: used, selectedPipeline: sel }), null),
      ),
    );
  });
});
