import {
  QUEUE_PLATFORMS,
  TRIGGER_NAMES,
  TRIGGER_RESOURCE_KEYS,
  WORKFLOW_ACTION_KINDS,
  WORKFLOW_ACTIONS,
  WORKFLOW_DURATION_UNITS,
  WORKFLOW_PARAM_WORDS,
  WORKFLOW_UPDATABLE_FIELDS,
  WORKFLOW_WAIT_EVENTS,
  type ActionStep,
  type ConditionStep,
  type TriggerName,
  type TriggerResource,
  type TriggerStep,
  type WaitStep,
  type WorkflowDuration,
  type WorkflowMember,
  type WorkflowWait,
} from '@leadloom/core';
import {
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { WorkflowTeamData } from './teamData';
import { TRIGGER_WORDS, WAIT_EVENT_WORDS } from './words';

/** The side panel's editors, one per step type; each answers the whole step as edited. */

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const PLATFORM_OPTIONS = QUEUE_PLATFORMS.map((p) => ({ value: p, label: upperFirst(p) }));
const OWNER = 'contactOwner';

function memberValue(m: unknown): string | null {
  const member = m as WorkflowMember | undefined;
  if (!member) return null;
  return member.kind === 'member' ? member.uid : OWNER;
}
const memberOf = (v: string | null): WorkflowMember | undefined =>
  v === null ? undefined : v === OWNER ? { kind: 'contactOwner' } : { kind: 'member', uid: v };

/** Sets `key` of an object, or drops it when `value` is undefined or empty. */
function withKey<T extends object>(obj: T, key: string, value: unknown): T {
  const out = { ...obj } as Record<string, unknown>;
  if (value === undefined || value === '') delete out[key];
  else out[key] = value;
  return out as T;
}

const RESOURCE_LABELS: Record<keyof TriggerResource, string> = {
  pipelineUID: 'Pipeline',
  stageUID: 'Stage',
  fromStageUID: 'From stage',
  toStageUID: 'To stage',
  tagID: 'Tag',
  labelUID: 'Status label',
  templateId: 'Message template',
  platform: 'Platform',
  dateField: 'Date',
  offsetMinutes: 'Minutes after the date (negative: before)',
  time: 'Time of day (HH:MM)',
};

export function TriggerEditor({
  step,
  data,
  onChange,
}: {
  step: TriggerStep;
  data: WorkflowTeamData;
  onChange: (step: TriggerStep) => void;
}) {
  const resource = step.resource ?? {};
  const keys = step.triggerType ? TRIGGER_RESOURCE_KEYS[step.triggerType] : null;
  const set = (key: keyof TriggerResource, value: unknown) => {
    let next = withKey(resource, key, value);
    // A stage belongs to its pipeline: another pipeline clears the stages chosen in the old one.
    if (key === 'pipelineUID') {
      for (const k of ['stageUID', 'fromStageUID', 'toStageUID'] as const)
        next = withKey(next, k, undefined);
    }
    onChange({ ...step, resource: next });
  };
  const field = (key: keyof TriggerResource, required: boolean) => {
    const common = {
      key,
      label: RESOURCE_LABELS[key],
      required,
      clearable: !required,
      placeholder: required ? 'Choose…' : 'Any',
    };
    const value = resource[key];
    switch (key) {
      case 'pipelineUID':
        return (
          <Select
            {...common}
            data={data.pipelineOptions}
            value={(value as string) ?? null}
            onChange={(v) => set(key, v ?? undefined)}
          />
        );
      case 'stageUID':
      case 'fromStageUID':
      case 'toStageUID':
        return (
          <Select
            {...common}
            data={data.stagesOf(resource.pipelineUID)}
            disabled={!resource.pipelineUID}
            description={resource.pipelineUID ? undefined : 'Choose the pipeline first'}
            value={(value as string) ?? null}
            onChange={(v) => set(key, v ?? undefined)}
          />
        );
      case 'tagID':
        return (
          <Select
            {...common}
            searchable
            data={data.tagGroups}
            value={(value as string) ?? null}
            onChange={(v) => set(key, v ?? undefined)}
          />
        );
      case 'labelUID':
        return (
          <Select
            {...common}
            data={data.labelOptions}
            value={(value as string) ?? null}
            onChange={(v) => set(key, v ?? undefined)}
          />
        );
      case 'templateId':
        return (
          <Select
            {...common}
            data={data.messageTemplateOptions}
            value={(value as string) ?? null}
            onChange={(v) => set(key, v ?? undefined)}
          />
        );
      case 'platform':
        return (
          <Select
            {...common}
            data={PLATFORM_OPTIONS}
            value={(value as string) ?? null}
            onChange={(v) => set(key, v ?? undefined)}
          />
        );
      case 'dateField':
        return (
          <Select
            {...common}
            data={[{ value: 'taskDue', label: 'A task’s due date' }]}
            value={(value as string) ?? null}
            onChange={(v) => set(key, v ?? undefined)}
          />
        );
      case 'offsetMinutes':
        return (
          <NumberInput
            key={key}
            label={common.label}
            required={required}
            value={(value as number) ?? ''}
            onChange={(v) => set(key, typeof v === 'number' ? v : undefined)}
          />
        );
      case 'time':
        return (
          <TextInput
            key={key}
            label={common.label}
            required={required}
            placeholder="09:00"
            value={(value as string) ?? ''}
            onChange={(e) => set(key, e.currentTarget.value)}
          />
        );
    }
  };
  return (
    <Stack gap="sm">
      <Select
        label="Starts when"
        placeholder="Choose an event"
        data={TRIGGER_NAMES.map((t) => ({ value: t, label: TRIGGER_WORDS[t] }))}
        value={step.triggerType}
        allowDeselect={false}
        onChange={(v) => onChange({ ...step, triggerType: v as TriggerName, resource: {} })}
      />
      {keys && (
        <>
          {keys.required.map((k) => field(k, true))}
          {keys.optional.map((k) => field(k, false))}
        </>
      )}
    </Stack>
  );
}

const PARAM_LABELS: Record<string, string> = {
  pipelineUID: 'Pipeline',
  stageUID: 'Stage',
  tagIDs: 'Tags',
  labelUID: 'Status label',
  name: 'Task name',
  notes: 'Notes',
  assignee: 'For',
  dueInDays: 'Due after (days)',
  dueTime: 'Due time (HH:MM)',
  templateUID: 'Task template',
  text: 'Note',
  templateId: 'Message template',
  platform: 'Platform',
  url: 'Web address',
  secretRef: 'Signing secret name',
  to: 'Notify',
  message: 'Message',
  field: 'Field',
  value: 'Value',
};

const FIELD_WORDS: Record<(typeof WORKFLOW_UPDATABLE_FIELDS)[number], string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  emailAddress: 'E-mail address',
  phoneNumber: 'Phone number',
};
const NO_LABEL = '__none';

export function ActionEditor({
  step,
  data,
  onChange,
}: {
  step: ActionStep;
  data: WorkflowTeamData;
  onChange: (step: ActionStep) => void;
}) {
  const schema = WORKFLOW_ACTIONS[step.action].params;
  const params = step.params as Record<string, unknown>;
  const set = (key: string, value: unknown) => {
    let next = withKey(params, key, value);
    if (key === 'pipelineUID') next = withKey(next, 'stageUID', undefined);
    onChange({ ...step, params: next });
  };
  const people = [{ value: OWNER, label: 'The contact’s owner' }, ...data.memberOptions];
  const field = (key: string) => {
    const shape = schema.shape as Record<
      string,
      { safeParse: (v: unknown) => { success: boolean } }
    >;
    const required = !shape[key]!.safeParse(undefined).success;
    const label = PARAM_LABELS[key] ?? WORKFLOW_PARAM_WORDS[key] ?? key;
    const str = (params[key] as string | undefined) ?? null;
    const select = (
      options:
        | { value: string; label: string }[]
        | { group: string; items: { value: string; label: string }[] }[],
      extra = {},
    ) => (
      <Select
        key={key}
        label={label}
        required={required}
        clearable={!required}
        searchable
        placeholder="Choose…"
        data={options}
        value={str}
        onChange={(v) => set(key, v ?? undefined)}
        {...extra}
      />
    );
    switch (key) {
      case 'pipelineUID':
        return select(data.pipelineOptions);
      case 'stageUID':
        return select(data.stagesOf(params.pipelineUID as string | undefined), {
          disabled: !params.pipelineUID,
          description: params.pipelineUID ? undefined : 'Choose the pipeline first',
        });
      case 'tagIDs':
        return (
          <MultiSelect
            key={key}
            label={label}
            required={required}
            searchable
            placeholder="Choose tags"
            data={data.tagGroups}
            value={(params.tagIDs as string[] | undefined) ?? []}
            onChange={(v) => set(key, v.length > 0 ? v : undefined)}
          />
        );
      case 'labelUID':
        return (
          <Select
            key={key}
            label={label}
            required
            placeholder="Choose…"
            data={[{ value: NO_LABEL, label: 'No label (take it off)' }, ...data.labelOptions]}
            value={params.labelUID === null ? NO_LABEL : str}
            onChange={(v) => set(key, v === NO_LABEL ? null : (v ?? undefined))}
          />
        );
      case 'assignee':
      case 'to':
        return (
          <Select
            key={key}
            label={label}
            required={required}
            clearable={!required}
            placeholder={required ? 'Choose…' : 'Whoever the template says'}
            data={people}
            value={memberValue(params[key])}
            onChange={(v) => set(key, memberOf(v))}
          />
        );
      case 'dueInDays':
        return (
          <NumberInput
            key={key}
            label={label}
            required
            min={0}
            max={3650}
            value={(params.dueInDays as number | undefined) ?? ''}
            onChange={(v) => set(key, typeof v === 'number' ? v : undefined)}
          />
        );
      case 'templateUID':
        return select(data.taskTemplateOptions);
      case 'templateId':
        return select(data.messageTemplateOptions);
      case 'platform':
        return select(PLATFORM_OPTIONS);
      case 'field':
        return select(WORKFLOW_UPDATABLE_FIELDS.map((f) => ({ value: f, label: FIELD_WORDS[f] })));
      case 'notes':
      case 'text':
      case 'message':
        return (
          <Textarea
            key={key}
            label={label}
            required={required}
            autosize
            minRows={2}
            value={str ?? ''}
            onChange={(e) => set(key, e.currentTarget.value)}
          />
        );
      case 'value':
        return (
          <TextInput
            key={key}
            label={label}
            description="Leave empty to clear the field"
            value={str ?? ''}
            onChange={(e) =>
              onChange({ ...step, params: { ...params, value: e.currentTarget.value || null } })
            }
          />
        );
      default:
        return (
          <TextInput
            key={key}
            label={label}
            required={required}
            value={str ?? ''}
            onChange={(e) => set(key, e.currentTarget.value)}
          />
        );
    }
  };
  return (
    <Stack gap="sm">
      <Select
        label="Action"
        data={WORKFLOW_ACTION_KINDS.map((k) => ({ value: k, label: WORKFLOW_ACTIONS[k].label }))}
        value={step.action}
        allowDeselect={false}
        onChange={(v) =>
          v &&
          v !== step.action &&
          onChange({ ...step, action: v as ActionStep['action'], params: {} })
        }
      />
      {Object.keys(schema.shape).map(field)}
    </Stack>
  );
}

/** A condition in the table's filter language, narrowed to what people ask most. */
export function ConditionEditor({
  step,
  data,
  onChange,
}: {
  step: ConditionStep;
  data: WorkflowTeamData;
  onChange: (step: ConditionStep) => void;
}) {
  const f = step.filter;
  const setFilter = (filter: ConditionStep['filter']) => onChange({ ...step, filter });
  return (
    <Stack gap="sm">
      <MultiSelect
        label="Has any of these tags"
        searchable
        clearable
        data={data.tagGroups}
        value={f.tags?.any ?? []}
        onChange={(v) =>
          setFilter(withKey(f, 'tags', v.length > 0 ? { ...f.tags, any: v } : undefined))
        }
      />
      <Select
        label="In pipeline"
        clearable
        data={data.pipelineOptions}
        value={f.pipelineUID ?? null}
        onChange={(v) =>
          setFilter(withKey(withKey(f, 'stageUIDs', undefined), 'pipelineUID', v ?? undefined))
        }
      />
      <MultiSelect
        label="Stage is"
        clearable
        disabled={!f.pipelineUID}
        description={f.pipelineUID ? undefined : 'Choose the pipeline first'}
        data={data.stagesOf(f.pipelineUID)}
        value={f.stageUIDs ?? []}
        onChange={(v) => setFilter(withKey(f, 'stageUIDs', v.length > 0 ? v : undefined))}
      />
      <MultiSelect
        label="Status label is"
        clearable
        data={data.labelOptions}
        value={(f.statusLabels ?? []).filter((l): l is string => l !== null)}
        onChange={(v) => setFilter(withKey(f, 'statusLabels', v.length > 0 ? v : undefined))}
      />
    </Stack>
  );
}

function DurationInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: WorkflowDuration;
  onChange: (d: WorkflowDuration) => void;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        label={label}
        min={1}
        max={100_000}
        w={110}
        value={value.amount}
        onChange={(v) =>
          typeof v === 'number' && v >= 1 && onChange({ ...value, amount: Math.round(v) })
        }
      />
      <Select
        aria-label={`${label}: unit`}
        w={120}
        allowDeselect={false}
        data={WORKFLOW_DURATION_UNITS.map((u) => ({ value: u, label: u }))}
        value={value.unit}
        onChange={(v) => v && onChange({ ...value, unit: v as WorkflowDuration['unit'] })}
      />
    </Group>
  );
}

const DEFAULT_WAITS: Record<WorkflowWait['kind'], WorkflowWait> = {
  duration: { kind: 'duration', duration: { amount: 1, unit: 'days' } },
  until: { kind: 'until', time: '09:00' },
  event: { kind: 'event', event: 'replyReceived', timeout: null, timeoutNext: null },
};

export function WaitEditor({
  step,
  onChange,
}: {
  step: WaitStep;
  onChange: (step: WaitStep) => void;
}) {
  const w = step.wait;
  const setWait = (wait: WorkflowWait) => onChange({ ...step, wait });
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Wait for"
        fullWidth
        data={[
          { value: 'duration', label: 'A while' },
          { value: 'until', label: 'A time' },
          { value: 'event', label: 'An event' },
        ]}
        value={w.kind}
        onChange={(v) => v !== w.kind && setWait(DEFAULT_WAITS[v as WorkflowWait['kind']])}
      />
      {w.kind === 'duration' && (
        <DurationInput
          label="Wait"
          value={w.duration}
          onChange={(duration) => setWait({ ...w, duration })}
        />
      )}
      {w.kind === 'until' && (
        <>
          <TextInput
            label="Until (HH:MM, the team’s time zone)"
            value={w.time}
            onChange={(e) => setWait({ ...w, time: e.currentTarget.value })}
          />
          <TextInput
            label="On date (YYYY-MM-DD, optional)"
            placeholder="The next time that comes"
            value={w.date ?? ''}
            onChange={(e) => setWait(withKey(w, 'date', e.currentTarget.value))}
          />
        </>
      )}
      {w.kind === 'event' && (
        <>
          <Select
            label="Until"
            allowDeselect={false}
            data={WORKFLOW_WAIT_EVENTS.map((e) => ({
              value: e,
              label: upperFirst(WAIT_EVENT_WORDS[e]),
            }))}
            value={w.event}
            onChange={(v) => v && setWait({ ...w, event: v as typeof w.event })}
          />
          <Switch
            label="Give up after a while (the Timeout branch)"
            checked={w.timeout !== null}
            onChange={(e) =>
              setWait({
                ...w,
                timeout: e.currentTarget.checked ? { amount: 3, unit: 'days' } : null,
              })
            }
          />
          {w.timeout && (
            <DurationInput
              label="Timeout"
              value={w.timeout}
              onChange={(timeout) => setWait({ ...w, timeout })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
