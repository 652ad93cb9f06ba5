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
      statusLabelChanged: { from: null, to: 'L1' },
      taskCompleted: { taskUID: 'K1', name: 'Call' },
      messageSent: { itemUID: 'Q1', platform: 'linkedin', templateId: null },
      replyReceived: { activityUID: 'A1', platform: null },
      noteAdded: { noteUID: 'N1' },
      dateReached: { field: 'taskDue', at: '2026-01-02T09:00:00.000Z', ref: 'K1' },
      schedule: { at: '2026-01-02T09:00:00.000Z' },
      manual: { workflowId: 'W1', bulkJobId: null },
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
