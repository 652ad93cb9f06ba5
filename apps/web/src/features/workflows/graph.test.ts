import {
  emptyWorkflowDefinition,
  validateForPublish,
  workflowDefinitionSchema,
} from '@leadloom/core';
import { describe, expect, it } from 'vitest';
import { addStep, connect, edgesOf, removeStep } from './graph';

describe('the builder’s edits of a definition', () => {
  it('adds a step after the trigger, then on the first free branch of a condition', () => {
    const first = addStep(emptyWorkflowDefinition(), 'condition', { stepId: 'trigger' });
    const cond = first.stepId;
    let def = first.def;
    expect(def.steps.trigger).toMatchObject({ next: cond });
    const then = addStep(def, 'action', { stepId: cond });
    const other = addStep(then.def, 'stop', { stepId: cond });
    def = other.def;
    expect(def.steps[cond]).toMatchObject({ then: then.stepId, else: other.stepId });
    expect(
      edgesOf(def)
        .map((e) => e.id)
        .sort(),
    ).toEqual([`${cond}:else`, `${cond}:then`, 'trigger:next'].sort());
    // What the builder makes is a definition the server accepts.
    expect(workflowDefinitionSchema.safeParse(def).success).toBe(true);
  });

  it('connects an event wait’s timeout branch, and never back to the trigger', () => {
    const wait = addStep(emptyWorkflowDefinition(), 'wait', { stepId: 'trigger' });
    const step = wait.def.steps[wait.stepId]!;
    const asEvent = {
      ...wait.def,
      steps: {
        ...wait.def.steps,
        [wait.stepId]: {
          ...step,
          wait: { kind: 'event', event: 'replyReceived', timeout: null, timeoutNext: null },
        },
      },
    } as typeof wait.def;
    const move = addStep(asEvent, 'action');
    const def = connect(move.def, wait.stepId, 'timeoutNext', move.stepId);
    expect(def.steps[wait.stepId]).toMatchObject({ wait: { timeoutNext: move.stepId } });
    expect(connect(def, wait.stepId, 'next', 'trigger')).toBe(def);
    expect(validateForPublish(def).map((p) => p.stepId)).toContain(wait.stepId);
  });

  it('removes a step and every branch that led to it, but not the trigger', () => {
    const a = addStep(emptyWorkflowDefinition(), 'action', { stepId: 'trigger' });
    const def = removeStep(a.def, a.stepId);
    expect(def.steps[a.stepId]).toBeUndefined();
    expect(def.steps.trigger).toMatchObject({ next: null });
    expect(removeStep(def, 'trigger')).toBe(def);
  });
});
