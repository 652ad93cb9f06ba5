import { describe, expect, it } from 'vitest';
import { TRIGGER_NAMES, workflowTriggerPayloadSchema } from './triggers';

const base = { GTID: 'G1', pipelineUID: 'P1', byUID: 'U1' };

describe('workflow triggers', () => {
  it('reads back every trigger the catalogue names', () => {
    const samples: Record<string, Record<string, unknown>> = {
      contactCreated: {},
      addedToPipeline: { stageUID: 'S1' },
      stageChanged: { from: 'S1', to: 'S2' },
      tagAdded: { tagID: 'T1', name: 'Hot', tagSetUID: 'TS1' },
      tagRemoved: { tagID: 'T1', name: 'Hot', tagSetUID: 'TS1' },
    };
    expect(Object.keys(samples).sort()).toEqual([...TRIGGER_NAMES].sort());
    for (const trigger of TRIGGER_NAMES) {
      const parsed = workflowTriggerPayloadSchema.parse({
        ...base,
        trigger,
        data: samples[trigger],
      });
      expect(parsed.trigger).toBe(trigger);
    }
  });

  it('refuses an unknown trigger and data of the wrong shape', () => {
    expect(
      workflowTriggerPayloadSchema.safeParse({ ...base, trigger: 'stageChangd', data: {} }).success,
    ).toBe(false);
    expect(
      workflowTriggerPayloadSchema.safeParse({
        ...base,
        trigger: 'stageChanged',
        data: { to: 'S2' },
      }).success,
    ).toBe(false);
    expect(
      workflowTriggerPayloadSchema.safeParse({
        ...base,
        pipelineUID: null,
        trigger: 'tagAdded',
        data: { tagID: 'T1', name: 'Hot', tagSetUID: 'TS1' },
      }).success,
    ).toBe(true);
  });
});
