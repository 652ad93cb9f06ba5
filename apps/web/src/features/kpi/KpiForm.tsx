import {
  KPI_EVENT_LABELS,
  KPI_EVENTS,
  KPI_PERIOD_LABELS,
  KPI_PERIODS,
  kpiInputSchema,
  type Kpi,
  type KpiEvent,
  type KpiInput,
  type KpiPeriod,
} from '@leadloom/core';
import {
  Alert,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '../../lib/api';
import { usePipelines } from '../pipeline/api';
import { useCurrentTeam } from '../session/CurrentUser';
import { useAssignees } from '../tasks/api';
import { usePipelineStages } from './api';
import { FormActions } from '../../ui/FormActions';

type Errors = Partial<Record<string, string>>;

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'INR', 'BRL', 'MXN'];

/** The body that re-creates `kpi` as it is (the Undo of a delete). */
export const inputOfKpi = (kpi: Kpi): KpiInput => ({
  name: kpi.name,
  event: kpi.event,
  pipelineUID: kpi.pipelineUID,
  stageUID: kpi.stageUID,
  currency: kpi.currency,
  period: kpi.period,
  from: kpi.from,
  to: kpi.to,
  target: kpi.target,
  members: kpi.members,
});

/**
 * The KPI form of /dashboard/new-kpi and of "Edit" on /dashboard/kpi (issue 8): what it counts
 * (with the stage or currency it needs), the period, a target per member, and whose work
 * counts. Filled from `kpi` when editing. Enter saves, Escape cancels; errors show on their
 * field (core's kpiInputSchema first, then the server's answer).
 */
export function KpiForm({
  kpi,
  ariaLabel,
  submitLabel,
  saving,
  onSave,
  onCancel,
}: {
  kpi?: Kpi;
  ariaLabel: string;
  submitLabel: string;
  saving: boolean;
  /** Saves the checked body; a rejection with an API error shows on its field. */
  onSave: (body: KpiInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { teamUID } = useCurrentTeam();
  const pipelines = usePipelines(teamUID);
  const members = useAssignees(teamUID);

  const [name, setName] = useState(kpi?.name ?? '');
  const [event, setEvent] = useState<KpiEvent>(kpi?.event ?? 'stage');
  const [pipelineUID, setPipelineUID] = useState<string | null>(kpi?.pipelineUID ?? null);
  const [stageUID, setStageUID] = useState<string | null>(kpi?.stageUID ?? null);
  const [currency, setCurrency] = useState<string | null>(kpi?.currency ?? 'USD');
  const [period, setPeriod] = useState<KpiPeriod>(kpi?.period ?? 'week');
  const [from, setFrom] = useState(kpi?.from ?? '');
  const [to, setTo] = useState(kpi?.to ?? '');
  const [target, setTarget] = useState<number | string>(kpi?.target ?? 10);
  const [everyone, setEveryone] = useState(!kpi?.members);
  const [chosen, setChosen] = useState<string[]>(kpi?.members ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const pipeline = pipelineUID ?? pipelines.data?.[0]?.groupUID ?? null;
  const stages = usePipelineStages(teamUID, event === 'stage' ? pipeline : null);

  // Escape cancels, unless it is closing an open dropdown of the form.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    if ((e.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    e.preventDefault();
    onCancel();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = {
      name,
      event,
      ...(event === 'stage' ? { pipelineUID: pipeline, stageUID } : {}),
      ...(event === 'won' ? { currency } : {}),
      period,
      ...(period === 'custom' ? { from: from || null, to: to || null } : {}),
      target: typeof target === 'number' ? target : Number.NaN,
      members: everyone ? null : chosen,
    };
    const parsed = kpiInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSave(parsed.data).catch((error: unknown) => {
      if (isApiError(error) && error.field) setErrors({ [error.field]: error.message });
      else setFormError(error instanceof Error ? error.message : 'Something went wrong');
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={ariaLabel} onKeyDown={onKeyDown}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Calls booked"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
          autoFocus
          required
        />
        <Select
          label="What to count"
          data={KPI_EVENTS.map((k) => ({ value: k, label: KPI_EVENT_LABELS[k] }))}
          value={event}
          onChange={(v) => v && setEvent(v as KpiEvent)}
          allowDeselect={false}
          error={errors.event}
        />
        {event === 'stage' && (
          <Group grow align="flex-start">
            <Select
              label="Pipeline"
              data={(pipelines.data ?? []).map((p) => ({
                value: p.groupUID,
                label: p.nickName,
              }))}
              value={pipeline}
              onChange={(v) => {
                setPipelineUID(v);
                setStageUID(null);
              }}
              allowDeselect={false}
              placeholder={pipelines.isPending ? 'Loading…' : 'Choose a pipeline'}
              error={errors.pipelineUID}
            />
            <Select
              label="Stage entered"
              data={(stages.data ?? []).map((s) => ({ value: s.stageUID, label: s.name }))}
              value={stageUID}
              onChange={setStageUID}
              placeholder={stages.isPending ? 'Loading…' : 'Choose a stage'}
              error={errors.stageUID}
              nothingFoundMessage="This pipeline has no stages yet"
            />
          </Group>
        )}
        {event === 'won' && (
          <Select
            label="Currency"
            description="Deals won in this currency are summed"
            data={CURRENCIES}
            value={currency}
            onChange={setCurrency}
            searchable
            error={errors.currency}
          />
        )}
        <div>
          <Text size="sm" fw={500} mb={4}>
            Period
          </Text>
          <SegmentedControl
            value={period}
            onChange={(v) => setPeriod(v as KpiPeriod)}
            data={KPI_PERIODS.map((p) => ({ value: p, label: KPI_PERIOD_LABELS[p] }))}
            aria-label="Period"
          />
        </div>
        {period === 'custom' && (
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="From"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={errors.from}
            />
            <TextInput
              type="date"
              label="To"
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={errors.to}
            />
          </Group>
        )}
        <NumberInput
          label="Target per member"
          description={`What each counted member should reach ${period === 'custom' ? 'in the range' : KPI_PERIOD_LABELS[period].toLowerCase()}`}
          value={target}
          onChange={setTarget}
          min={0}
          allowNegative={false}
          thousandSeparator=","
          error={errors.target}
        />
        <Radio.Group
          label="Whose work counts"
          value={everyone ? 'all' : 'some'}
          onChange={(v) => setEveryone(v === 'all')}
        >
          <Group mt={4}>
            <Radio value="all" label="Every member" />
            <Radio value="some" label="Chosen members" />
          </Group>
        </Radio.Group>
        {!everyone && (
          <MultiSelect
            label="Members"
            data={(members.data ?? []).map((m) => ({ value: m.uid, label: m.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
            placeholder="Choose members"
            error={errors.members}
          />
        )}
        {formError && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} title="Not saved">
            {formError}
          </Alert>
        )}
        <FormActions onCancel={onCancel} loading={saving} mt="xs">
          {submitLabel}
        </FormActions>
      </Stack>
    </form>
  );
}
