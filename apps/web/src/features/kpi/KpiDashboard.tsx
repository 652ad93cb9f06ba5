import {
  KPI_EVENT_LABELS,
  KPI_PERIOD_LABELS,
  kpiProgress,
  kpiRange,
  localToday,
  type Kpi,
  type KpiFunnel,
} from '@leadloom/core';
import { AreaChart, BarChart, FunnelChart } from '@mantine/charts';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTarget, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { StateMessage } from '../../ui/StateMessage';
import { usePipelines } from '../pipeline/api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { toast, toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import {
  useKpiFunnel,
  useKpiMutations,
  useKpiResults,
  useKpis,
  usePipelineStages,
  useRestoreKpi,
} from './api';
import { inputOfKpi, KpiForm } from './KpiForm';

const number = (n: number, kpi?: Kpi) =>
  kpi?.event === 'won'
    ? new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: kpi.currency ?? 'USD',
        maximumFractionDigits: 0,
      }).format(n)
    : n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The smallest 1, 2 or 5 × 10ⁿ at or above `n`, so the axis ticks are round numbers. */
const niceCeiling = (n: number) => {
  if (n <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * step).find((v) => v >= n) ?? 10 * step;
};

const shortDate = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Stage funnel: entries into each stage, and (when it is a narrowing) the share of the stage
 * before that made it to this one.
 */
function Funnel({ funnel, height = 220 }: { funnel: KpiFunnel; height?: number }) {
  const colors = ['blue.6', 'cyan.6', 'teal.6', 'green.6', 'lime.6', 'yellow.6', 'orange.6'];
  const stages = funnel.stages;
  if (stages.every((s) => s.count === 0)) {
    return (
      <Text size="sm" c="dimmed" py="md">
        Nobody entered a stage of this pipeline in this period yet.
      </Text>
    );
  }
  return (
    <Group align="center" wrap="nowrap" gap="md">
      <FunnelChart
        size={height}
        withLabels
        labelsPosition="inside"
        tooltipDataSource="segment"
        data={stages.map((s, i) => ({
          name: s.name,
          value: s.count,
          color: colors[i % colors.length]!,
        }))}
      />
      <Stack gap={4} maw={320} style={{ flex: 1, minWidth: 0 }}>
        {stages.map((s, i) => {
          const prev = i > 0 ? stages[i - 1]!.count : null;
          return (
            <Group key={s.stageUID} gap={6} wrap="nowrap" justify="space-between">
              <Text size="xs" truncate>
                {s.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {s.count.toLocaleString('en-US')}
                {prev && s.count <= prev ? ` · ${Math.round((s.count / prev) * 100)}%` : ''}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Group>
  );
}

function KpiCard({ kpi, canEdit }: { kpi: Kpi; canEdit: boolean }) {
  const { teamUID } = useCurrentTeam();
  const results = useKpiResults(teamUID, kpi.kpiUID);
  const stages = usePipelineStages(teamUID, kpi.event === 'stage' ? kpi.pipelineUID : null);
  const funnel = useKpiFunnel(
    teamUID,
    kpi.event === 'stage' ? kpi.pipelineUID : null,
    results.data?.range ?? null,
    kpi.members,
  );
  const { update, remove } = useKpiMutations(teamUID);
  const restore = useRestoreKpi(teamUID);
  const stageName = stages.data?.find((s) => s.stageUID === kpi.stageUID)?.name;
  const what =
    kpi.event === 'stage'
      ? `Entered ${stageName ? `“${stageName}”` : 'a stage'}`
      : kpi.event === 'won'
        ? `Deals won (${kpi.currency})`
        : KPI_EVENT_LABELS[kpi.event];

  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);

  /** After a delete: a notification whose Undo re-creates the KPI as it was (a new KPI id). */
  const deleted = () => {
    toast({
      color: 'green',
      message: `Deleted the KPI “${kpi.name}”.`,
      extra: (close) => (
        <Button
          size="compact-sm"
          variant="light"
          ml="xs"
          onClick={() => {
            close();
            restore(inputOfKpi(kpi)).then(
              () => toastSuccess(`Restored the KPI “${kpi.name}”.`),
              (e: unknown) => toastError(e, 'The KPI was not restored'),
            );
          }}
        >
          Undo
        </Button>
      ),
      // Longer than a plain toast: there is something to do.
      autoClose: 10_000,
    });
  };

  const r = results.data;
  const progress = r ? kpiProgress(r.total, kpi.target * Math.max(1, r.members.length)) : null;
  return (
    <Paper withBorder p="md" data-testid="kpi-card" aria-label={`KPI ${kpi.name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" lineClamp={1}>
            {kpi.name}
          </Title>
          <Text size="xs" c="dimmed">
            {what} · {KPI_PERIOD_LABELS[kpi.period]}
            {r ? ` (${shortDate(r.range.from)} – ${shortDate(r.range.to)})` : ''} · target{' '}
            {number(kpi.target, kpi)} per member
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          {r && (
            <Badge
              size="lg"
              variant="light"
              color={progress !== null && progress >= 1 ? 'teal' : 'blue'}
              data-testid="kpi-total"
            >
              {number(r.total, kpi)}
            </Badge>
          )}
          {canEdit && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${kpi.name}`}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                  Edit KPI
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setDeleting(true)}
                >
                  Delete KPI
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      <ConfirmModal
        opened={deleting}
        title={`Delete the KPI “${kpi.name}”?`}
        confirmLabel="Delete KPI"
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          // Not mutate's callbacks: the list refetches before they run and this card is gone.
          void remove.mutateAsync(kpi.kpiUID).then(
            () => {
              setDeleting(false);
              deleted();
            },
            (e: unknown) => toastError(e, 'The KPI was not deleted'),
          );
        }}
      >
        Its definition and charts go; the activity it counted stays on the contacts’ timelines.
      </ConfirmModal>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={`Edit the KPI “${kpi.name}”`}
        size="lg"
      >
        {editing && (
          <KpiForm
            kpi={kpi}
            ariaLabel="Edit KPI"
            submitLabel="Save"
            saving={update.isPending}
            onSave={async (body) => {
              const saved = await update.mutateAsync({ kpiUID: kpi.kpiUID, body });
              toastSuccess(`Saved the KPI “${saved.kpi.name}”.`);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </Modal>
      {results.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label="Loading the charts">
          <Skeleton height={200} />
          <Skeleton height={200} />
        </SimpleGrid>
      ) : results.isError ? (
        <QueryError title="Couldn't load this KPI" query={results} />
      ) : (
        <Stack gap="md">
          {progress !== null && (
            <Progress
              value={Math.min(100, progress * 100)}
              color={progress >= 1 ? 'teal' : 'blue'}
              size="sm"
              aria-label="Team progress toward the target"
            />
          )}
          <SimpleGrid cols={{ base: 1, md: kpi.event === 'stage' ? 3 : 2 }} spacing="lg">
            <div>
              <Text size="sm" fw={600} mb={6}>
                Per member
              </Text>
              <BarChart
                h={200}
                data={r!.members.map((m) => ({ member: m.name || 'Unnamed', total: m.total }))}
                dataKey="member"
                series={[{ name: 'total', label: what, color: 'blue.6' }]}
                referenceLines={
                  kpi.target > 0
                    ? [
                        {
                          y: kpi.target,
                          label: 'Target',
                          color: 'red.6',
                          labelPosition: 'insideTopRight',
                        },
                      ]
                    : []
                }
                yAxisProps={{
                  domain: [0, (max: number) => niceCeiling(Math.max(max, kpi.target))],
                  allowDecimals: kpi.event === 'won',
                }}
                maxBarWidth={64}
                valueFormatter={(v) => number(v, kpi)}
                tickLine="y"
                aria-label="Per member chart"
              />
            </div>
            <div>
              <Text size="sm" fw={600} mb={6}>
                Over time ({r!.bucket === 'day' ? 'per day' : 'per week'})
              </Text>
              <AreaChart
                h={200}
                // Days still ahead in the period have no number yet (not a drop to zero).
                data={r!.series.map((p) => ({
                  day: shortDate(p.start),
                  total: p.start > r!.today ? null : p.total,
                }))}
                connectNulls={false}
                dataKey="day"
                series={[{ name: 'total', label: what, color: 'teal.6' }]}
                curveType="monotone"
                valueFormatter={(v) => number(v, kpi)}
                tickLine="y"
                withDots={r!.series.length <= 31}
                yAxisProps={{ allowDecimals: kpi.event === 'won' }}
                aria-label="Over time chart"
              />
            </div>
            {kpi.event === 'stage' && (
              <div>
                <Text size="sm" fw={600} mb={6}>
                  Stage funnel
                </Text>
                {funnel.isPending ? (
                  <Skeleton height={200} />
                ) : funnel.isError ? (
                  <Text size="sm" c="red">
                    {funnel.error.message}
                  </Text>
                ) : (
                  <Funnel funnel={funnel.data} height={200} />
                )}
              </div>
            )}
          </SimpleGrid>
        </Stack>
      )}
    </Paper>
  );
}

/** The funnel of any pipeline, this week or this month, on the browser's calendar. */
function PipelineFunnel() {
  const { teamUID } = useCurrentTeam();
  const pipelines = usePipelines(teamUID);
  const [picked, setPicked] = useState<string | null>(null);
  const [period, setPeriod] = useState<'week' | 'month'>('month');
  const pipelineUID = picked ?? pipelines.data?.[0]?.groupUID ?? null;
  const today = localToday(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const funnel = useKpiFunnel(teamUID, pipelineUID, kpiRange(period, today), null);
  if (pipelines.data?.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            Stage funnel
          </Title>
          <Text size="xs" c="dimmed">
            How many contacts entered each stage, by everyone
          </Text>
        </div>
        <Group gap="xs">
          <Select
            size="xs"
            aria-label="Pipeline"
            data={(pipelines.data ?? []).map((p) => ({ value: p.groupUID, label: p.nickName }))}
            value={pipelineUID}
            onChange={setPicked}
            allowDeselect={false}
            w={200}
          />
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(v) => setPeriod(v as 'week' | 'month')}
            data={[
              { value: 'week', label: 'This week' },
              { value: 'month', label: 'This month' },
            ]}
          />
        </Group>
      </Group>
      {funnel.isPending || pipelines.isPending ? (
        <Skeleton height={220} />
      ) : funnel.isError ? (
        <QueryError title="Couldn't load the funnel" query={funnel} />
      ) : (
        <Box maw={640}>
          <Funnel funnel={funnel.data} />
        </Box>
      )}
    </Paper>
  );
}

/**
 * /dashboard/kpi (issue 8): the team's KPIs, each with its members' totals against the target,
 * its trend over the period and, for stage KPIs, the funnel of its pipeline; then the funnel of
 * any pipeline. Numbers are sums of daily rollups kept in the writing transaction; the charts
 * refetch when activity arrives through the realtime stream.
 */
export function KpiDashboard() {
  const { teamUID, team } = useCurrentTeam();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  const kpis = useKpis(teamUID);
  return (
    <Box maw={1200} px="lg" py="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            KPIs
          </Title>
          <Text size="sm" c="dimmed">
            The team’s numbers, per member, against their targets. Updated as work happens.
          </Text>
        </div>
        {canEdit && (
          <Button component={Link} to="/dashboard/new-kpi" leftSection={<IconPlus size={16} />}>
            New KPI
          </Button>
        )}
      </Group>
      {kpis.isPending ? (
        <Stack aria-busy="true" aria-label="Loading the KPIs">
          {[0, 1].map((i) => (
            <Paper key={i} withBorder p="md">
              <Skeleton height={18} width="30%" mb="xs" />
              <Skeleton height={10} width="50%" mb="md" />
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Skeleton height={200} />
                <Skeleton height={200} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      ) : kpis.isError ? (
        <QueryError title="Couldn't load the KPIs" query={kpis} />
      ) : (
        <Stack gap="md">
          {kpis.data.length === 0 ? (
            <Paper withBorder>
              <StateMessage
                icon={<IconTarget size={24} />}
                title="No KPIs yet"
                action={
                  canEdit ? (
                    <Button component={Link} to="/dashboard/new-kpi">
                      Create your first KPI
                    </Button>
                  ) : undefined
                }
              >
                {canEdit
                  ? 'Pick what to count (contacts added, stage entries, messages, tasks done or deals won), a period and a target per member.'
                  : 'Owners and admins of the team set KPIs; ask one of them to create the first.'}
              </StateMessage>
            </Paper>
          ) : (
            kpis.data.map((k) => <KpiCard key={k.kpiUID} kpi={k} canEdit={canEdit} />)
          )}
          <PipelineFunnel />
        </Stack>
      )}
    </Box>
  );
}
