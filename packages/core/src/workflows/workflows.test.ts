import { describe, expect, it } from 'vitest';
import { activeWorkflowQuota, TIERS } from '../subscription';
import {
  emptyWorkflowDefinition,
  triggerLookupKeys,
  triggerMirror,
  validateForPublish,
  workflowDefinitionSchema,
  type WorkflowDefinition,
} from './index';

/** "Stage → Qualified ⇒ tag Hot, task for the owner, wait for a reply (3 days), else Nurture." */
const qualified = (): WorkflowDefinition => ({
  rootStepId: 't',
  steps: {
    t: {
      type: 'trigger',
      triggerType: 'stageChanged',
      resource: { pipelineUID: 'P1', toStageUID: 'Qualified' },
      next: 'tag',
    },
    tag: { type: 'action', action: 'addTags', params: { tagIDs: ['Hot'] }, next: 'task' },
    task: {
      type: 'action',
      action: 'createTask',
      params: { name: 'Call', assignee: { kind: 'contactOwner' }, dueInDays: 1 },
      next: 'wait',
    },
    wait: {
      type: 'wait',
      wait: {
        kind: 'event',
        event: 'replyReceived',
        timeout: { amount: 3, unit: 'days' },
        timeoutNext: 'nurture',
      },
      next: 'end',
    },
    nurture: {
      type: 'action',
      action: 'moveToStage',
      params: { pipelineUID: 'P1', stageUID: 'Nurture' },
      next: null,
    },
    end: { type: 'stop' },
  },
});

const parse = (def: unknown) => workflowDefinitionSchema.parse(def);
const messages = (def: WorkflowDefinition) => validateForPublish(def).map((p) => p.message);

describe('workflow definition', () => {
  it('accepts a whole workflow and an empty draft', () => {
    expect(parse(qualified())).toEqual(qualified());
    expect(parse(emptyWorkflowDefinition()).rootStepId).toBe('trigger');
  });

  it('requires the first step to be the one trigger', () => {
    const def = qualified();
    expect(workflowDefinitionSchema.safeParse({ ...def, rootStepId: 'tag' }).success).toBe(false);
    expect(workflowDefinitionSchema.safeParse({ ...def, rootStepId: 'nope' }).success).toBe(false);
    const twoTriggers = { ...def, steps: { ...def.steps, t2: { ...def.steps.t } } };
    expect(workflowDefinitionSchema.safeParse(twoTriggers).success).toBe(false);
  });

  it('lets a draft action be unfinished but not wrong', () => {
    const base = qualified();
    const unfinished = {
      ...base,
      steps: { ...base.steps, tag: { type: 'action', action: 'addTags', params: {}, next: null } },
    };
    expect(workflowDefinitionSchema.safeParse(unfinished).success).toBe(true);
    const wrong = {
      ...base,
      steps: { ...base.steps, tag: { ...base.steps.tag, params: { tagIDs: 'Hot' } } },
    };
    expect(workflowDefinitionSchema.safeParse(wrong).success).toBe(false);
    const unknownKind = {
      ...base,
      steps: { ...base.steps, tag: { ...base.steps.tag, action: 'launchRocket' } },
    };
    expect(workflowDefinitionSchema.safeParse(unknownKind).success).toBe(false);
  });

  it('takes conditions in the search filter language', () => {
    const def = qualified();
    const withCondition = {
      ...def,
      steps: {
        ...def.steps,
        t: { ...def.steps.t, next: 'if' },
        if: { type: 'condition', filter: { tags: { any: ['Hot'] } }, then: 'tag', else: null },
      },
    };
    expect(workflowDefinitionSchema.safeParse(withCondition).success).toBe(true);
    const notAFilter = {
      ...withCondition,
      steps: { ...withCondition.steps, if: { ...withCondition.steps.if, filter: { mood: 'x' } } },
    };
    expect(workflowDefinitionSchema.safeParse(notAFilter).success).toBe(false);
  });
});

describe('triggerMirror (SPEC §4)', () => {
  const wf = (
    definition: WorkflowDefinition,
    status: 'draft' | 'active' | 'paused' = 'active',
  ) => ({
    workflowId: 'W1',
    status,
    definition,
  });

  it('mirrors an active workflow whose trigger has its value and resource', () => {
    const mirror = triggerMirror(wf(qualified()));
    expect(mirror).toEqual({
      workflowId: 'W1',
      triggerType: 'stageChanged',
      resource: { pipelineUID: 'P1', toStageUID: 'Qualified' },
    });
    expect(triggerLookupKeys(mirror!)).toEqual({
      pipelineUID: 'P1',
      stageUID: 'Qualified',
      tagID: null,
      labelUID: null,
    });
  });

  it('mirrors nothing for a draft, a paused or a deleted workflow', () => {
    expect(triggerMirror(wf(qualified(), 'draft'))).toBeNull();
    expect(triggerMirror(wf(qualified(), 'paused'))).toBeNull();
    expect(triggerMirror({ ...wf(qualified()), deleted: true })).toBeNull();
  });

  it('mirrors nothing without a trigger value or a complete resource', () => {
    const def = qualified();
    const t = def.steps.t as Extract<(typeof def.steps)[string], { type: 'trigger' }>;
    const withTrigger = (patch: Partial<typeof t>) =>
      wf({ ...def, steps: { ...def.steps, t: { ...t, ...patch } } });
    expect(triggerMirror(withTrigger({ triggerType: null }))).toBeNull();
    expect(triggerMirror(withTrigger({ resource: null }))).toBeNull();
    // A stage change needs its pipeline.
    expect(triggerMirror(withTrigger({ resource: { toStageUID: 'Q' } }))).toBeNull();
    // A key this trigger does not use is not a selected resource either.
    expect(triggerMirror(withTrigger({ resource: { pipelineUID: 'P1', tagID: 'T' } }))).toBeNull();
    // Any new contact: an empty resource is a choice ("any").
    expect(
      triggerMirror(withTrigger({ triggerType: 'contactCreated', resource: {} }))?.triggerType,
    ).toBe('contactCreated');
  });
});

describe('validateForPublish', () => {
  it('passes a complete workflow', () => {
    expect(validateForPublish(qualified())).toEqual([]);
  });

  it('names a missing trigger value and a trigger without its resource', () => {
    expect(validateForPublish(emptyWorkflowDefinition())).toEqual([
      {
        stepId: 'trigger',
        message: 'Choose what starts the workflow: the trigger has no event.',
      },
      { stepId: 'trigger', message: 'Add a step after the trigger.' },
    ]);
    const def = qualified();
    const noPipeline = {
      ...def,
      steps: { ...def.steps, t: { ...def.steps.t, resource: { toStageUID: 'Q' } } },
    } as WorkflowDefinition;
    expect(validateForPublish(noPipeline)).toEqual([
      { stepId: 't', message: 'The trigger needs a pipeline.' },
    ]);
  });

  it('names an action missing its template, tag or stage, in words', () => {
    const def = qualified();
    const steps = {
      ...def.steps,
      tag: { type: 'action', action: 'addTags', params: {}, next: 'task' },
      nurture: { type: 'action', action: 'moveToStage', params: { pipelineUID: 'P1' }, next: 'q' },
      q: {
        type: 'action',
        action: 'queueMessage',
        params: { platform: 'linkedin' },
        label: 'Follow-up',
        next: null,
      },
    } as WorkflowDefinition['steps'];
    expect(validateForPublish({ ...def, steps })).toEqual([
      { stepId: 'tag', message: 'The “Add tags” step needs at least one tag.' },
      { stepId: 'nurture', message: 'The “Move to stage” step needs a stage.' },
      { stepId: 'q', message: '“Follow-up” needs a message template.' },
    ]);
  });

  it('refuses an action the runner cannot apply yet, saying why', () => {
    const def = qualified();
    const steps = {
      ...def.steps,
      tag: {
        type: 'action',
        action: 'notifyMember',
        params: { to: { kind: 'contactOwner' }, message: 'Qualified!' },
        next: 'task',
      },
    } as WorkflowDefinition['steps'];
    expect(validateForPublish({ ...def, steps })).toEqual([
      {
        stepId: 'tag',
        message: '“Notify a member” is not available yet: members have no inbox of their own.',
      },
    ]);
  });

  it('refuses a wait for an event without a timeout', () => {
    const def = qualified();
    const wait = def.steps.wait as Extract<(typeof def.steps)[string], { type: 'wait' }>;
    const steps = {
      ...def.steps,
      wait: { ...wait, wait: { ...wait.wait, timeout: null } },
    } as WorkflowDefinition['steps'];
    expect(messages({ ...def, steps })).toEqual([
      'The wait step waits for an event with no timeout: say how long to wait before giving up.',
    ]);
  });

  it('finds dangling next ids and unreachable steps', () => {
    const def = qualified();
    const steps = {
      ...def.steps,
      tag: { ...def.steps.tag, next: 'gone' },
    } as WorkflowDefinition['steps'];
    expect(validateForPublish({ ...def, steps })).toEqual([
      { stepId: 'tag', message: 'The “Add tags” step leads to a step that does not exist (next).' },
      ...['task', 'wait', 'nurture', 'end'].map((stepId) => ({
        stepId,
        message: expect.stringContaining('is not connected'),
      })),
    ]);
  });

  it('refuses a loop with no wait and accepts one with a wait', () => {
    const def = qualified();
    const loop = {
      ...def,
      steps: {
        ...def.steps,
        nurture: { ...def.steps.nurture, next: 'tag' },
      },
    } as WorkflowDefinition;
    // tag → task → wait → (timeout) nurture → tag: the wait breaks it.
    expect(validateForPublish(loop)).toEqual([]);
    const tight = {
      ...def,
      steps: {
        ...def.steps,
        task: { ...def.steps.task, next: 'tag' },
      },
    } as WorkflowDefinition;
    const problems = validateForPublish(tight).filter((p) => p.message.includes('loop'));
    expect(problems).toEqual([
      {
        stepId: 'tag',
        message:
          'These steps go round in a loop with no wait: The “Add tags” step → The “Create a task” step. Add a wait step to the loop.',
      },
    ]);
  });

  it('refuses a step leading back to the trigger', () => {
    const def = qualified();
    const steps = { ...def.steps, nurture: { ...def.steps.nurture, next: 't' } };
    expect(messages({ ...def, steps } as WorkflowDefinition)).toContain(
      'The “Move to stage” step leads back to the trigger.',
    );
  });
});

describe('active workflow caps', () => {
  it('gives every plan some, growing with the tier', () => {
    const caps = ([1, 2, 3, 4] as const).map((t) => activeWorkflowQuota({ tier: t }));
    expect(caps).toEqual([3, 10, 25, 50]);
    expect(caps.map((c, i) => c === TIERS[(i + 1) as 1 | 2 | 3 | 4].activeWorkflows)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(activeWorkflowQuota(null)).toBe(0);
    expect(activeWorkflowQuota({ tier: 9 })).toBe(0);
  });
});
