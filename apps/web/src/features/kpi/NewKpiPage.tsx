import {
  KPI_EVENT_LABELS,
  KPI_EVENTS,
  KPI_PERIOD_LABELS,
  KPI_PERIODS,
  kpiInputSchema,
  type KpiEvent,
  type KpiPeriod,
} from '@leadloom/core';
import {
  Alert,
  Box,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { StateMessage } from '../../ui/StateMessage';
import { usePipelines } from '../pipeline/api';
import { toastSuccess } from '../profile/common';
import { useCurrentTeam } from '../session/CurrentUser';
import { useAssignees } from '../tasks/api';
import { useKpiMutations, usePipelineStages } from './api';

type Errors = Partial<Record<string, string>>;

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'INR', 'BRL', 'MXN'];

/**
 * /dashboard/new-kpi (issue 8): owners and admins define a KPI — what it counts (with the
 * stage or currency it needs), the period, a target per member, and whose work counts. Enter
 * saves; errors show on their field (core's kpiInputSchema first, then the server's answer).
 */
export function NewKpiPage() {
  const { teamUID, team } = useCurrentTeam();
  const navigate = useNavigate();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  const pipelines = usePipelines(teamUID);
  const members = useAssignees(teamUID);
  const { create } = useKpiMutations(teamUID);

  const [name, setName] = useState('');
  const [event, setEvent] = useState<KpiEvent>('stage');
  const [pipelineUID, setPipelineUID] = useState<string | null>(null);
  const [stageUID, setStageUID] = useState<string | null>(null);
  const [currency, setCurrency] = useState<string | null>('USD');
  const [period, setPeriod] = useState<KpiPeriod>('week');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [target, setTarget] = useState<number | string>(10);
  const [everyone, setEveryone] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const pipeline = pipelineUID ?? pipelines.data?.[0]?.groupUID ?? null;
  const stages = usePipelineStages(teamUID, event === 'stage' ? pipeline : null);

  if (!canEdit) {
    return (
      <StateMessage
        icon={<IconLock size={24} />}
        title="Only owners and admins create KPIs"
        action={
          <Button component={Link} to="/dashboard/kpi" variant="light">
            See the team’s KPIs
          </Button>
        }
      >
        Ask an owner or admin of {team.name ?? 'your team'} to add the KPI you need.
      </StateMessage>
    );
  }

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
    create.mutate(parsed.data, {
      onSuccess: ({ kpi }) => {
        toastSuccess(`Created the KPI “${kpi.name}”.`);
        void navigate('/dashboard/kpi');
      },
      onError: (error) => {
        if (isApiError(error) && error.field) setErrors({ [error.field]: error.message });
        else setFormError(error.message);
      },
    });
  };

  return (
    <Box maw={640} px="lg" py="md">
      <Title order={1} size="h2">
        New KPI
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Count what the team does, per member, against a target. Numbers start from the team’s
        existing activity.
      </Text>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate aria-label="New KPI">
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
            <Group justify="flex-end" mt="xs">
              <Button component={Link} to="/dashboard/kpi" variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create KPI
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
