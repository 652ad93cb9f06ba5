import {
  WORKFLOW_ACTIONS,
  type TriggerName,
  type WorkflowDuration,
  type WorkflowStep,
  type WorkflowWaitEvent,
} from '@leadloom/core';

/** What starts a workflow, as a person says it. */
export const TRIGGER_WORDS: Record<TriggerName, string> = {
  contactCreated: 'Contact created',
  addedToPipeline: 'Added to a pipeline',
  stageChanged: 'Stage changed',
  tagAdded: 'Tag added',
  tagRemoved: 'Tag removed',
  statusLabelChanged: 'Status label changed',
  taskCompleted: 'Task completed',
  messageSent: 'Message sent',
  replyReceived: 'Contact replied',
  noteAdded: 'Note added',
  dateReached: 'A date is reached',
  schedule: 'On a schedule',
  manual: 'Run by hand',
};

export const WAIT_EVENT_WORDS: Record<WorkflowWaitEvent, string> = {
  ...(Object.fromEntries(
    Object.entries(TRIGGER_WORDS).map(([k, v]) => [k, v.toLowerCase()]),
  ) as Record<WorkflowWaitEvent, string>),
  replyReceived: 'a reply',
};

export const STEP_TYPE_WORDS: Record<WorkflowStep['type'], string> = {
  trigger: 'Trigger',
  action: 'Action',
  condition: 'Condition',
  wait: 'Wait',
  stop: 'Stop',
};

export const durationWords = (d: WorkflowDuration) =>
  `${d.amount} ${d.amount === 1 ? d.unit.replace(/s$/, '') : d.unit}`;

/** Looks up the name of a pipeline, stage, tag or label by its id (the id when unknown). */
export type NameOf = (id: string | null | undefined) => string;

/** One line saying what a step does, shown on its card. */
export function stepSummary(step: WorkflowStep, name: NameOf): string {
  switch (step.type) {
    case 'trigger': {
      if (!step.triggerType) return 'Choose what starts the workflow';
      const r = step.resource ?? {};
      const parts = [TRIGGER_WORDS[step.triggerType]];
      if (r.fromStageUID) parts.push(`from ${name(r.fromStageUID)}`);
      if (r.toStageUID) parts.push(`to ${name(r.toStageUID)}`);
      if (r.stageUID) parts.push(`in ${name(r.stageUID)}`);
      if (r.tagID) parts.push(`“${name(r.tagID)}”`);
      if (r.labelUID) parts.push(`to ${name(r.labelUID)}`);
      if (r.time) parts.push(`at ${r.time}`);
      if (r.pipelineUID) parts.push(`· ${name(r.pipelineUID)}`);
      return parts.join(' ');
    }
    case 'action': {
      const p = step.params as Record<string, unknown>;
      const label = WORKFLOW_ACTIONS[step.action].label;
      const tagIDs = Array.isArray(p.tagIDs) ? (p.tagIDs as string[]) : [];
      if (tagIDs.length > 0) return `${label}: ${tagIDs.map((t) => name(t)).join(', ')}`;
      if (typeof p.stageUID === 'string') return `${label}: ${name(p.stageUID)}`;
      if (typeof p.pipelineUID === 'string') return `${label}: ${name(p.pipelineUID)}`;
      if (typeof p.labelUID === 'string') return `${label}: ${name(p.labelUID)}`;
      if (typeof p.name === 'string') return `${label}: ${p.name}`;
      return label;
    }
    case 'condition': {
      const f = step.filter;
      const parts: string[] = [];
      if (f.tags?.any?.length) parts.push(`has tag ${f.tags.any.map((t) => name(t)).join(' or ')}`);
      if (f.stageUIDs?.length)
        parts.push(`stage is ${f.stageUIDs.map((s) => name(s)).join(' or ')}`);
      else if (f.pipelineUID) parts.push(`in ${name(f.pipelineUID)}`);
      if (f.statusLabels?.length) {
        parts.push(`label is ${f.statusLabels.map((l) => (l ? name(l) : 'none')).join(' or ')}`);
      }
      return parts.length > 0 ? `If ${parts.join(' and ')}` : 'If… (every contact matches)';
    }
    case 'wait': {
      const w = step.wait;
      if (w.kind === 'duration') return `Wait ${durationWords(w.duration)}`;
      if (w.kind === 'until') return `Wait until ${w.date ? `${w.date} ` : ''}${w.time}`;
      return `Wait for ${WAIT_EVENT_WORDS[w.event]}${w.timeout ? `, up to ${durationWords(w.timeout)}` : ''}`;
    }
    case 'stop':
      return 'End the run';
  }
}
