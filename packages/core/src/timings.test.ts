import { describe, expect, it } from 'vitest';
import { LOAD_LOOP_MAX_STEPS, QUEUE_PROCESSOR_OFFSET, TIMINGS } from './timings';

describe('TIMINGS (SPEC §4, §9)', () => {
  it.each([
    ['loadLoopStepMs', 1000],
    ['signOutRedirectMs', 500],
    ['nextRedirectMs', 1000],
    ['stateResetMs', 1000],
    ['notificationDefaultMs', 5000],
    ['toastMs', 5000],
    ['persistentNoticeMs', 0],
    ['snoozeMs', 86_400_000],
    ['initialActivityBackdateMs', 120_000],
    ['pipelineAddActivityBackdateMs', 60_000],
    ['queueProcessorMinDelayMs', 2000],
    ['queueProcessorMaxDelayMs', 4000],
  ] as const)('%s = %d', (key, ms) => {
    expect(TIMINGS[key]).toBe(ms);
  });

  it('runs the load loop 8 times and offsets processors by 50', () => {
    expect(LOAD_LOOP_MAX_STEPS).toBe(8);
    expect(QUEUE_PROCESSOR_OFFSET).toBe(50);
  });
});
