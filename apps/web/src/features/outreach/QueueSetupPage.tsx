import {
  DEFAULT_QUEUE_LIMITS,
  PLATFORM_NAMES,
  QUEUE_LIMIT_CEILINGS,
  QUEUE_LIMIT_REASONS,
  QUEUE_PLATFORMS,
  queueLimitsSchema,
  type QueueLimitField,
  type QueueLimits,
  type QueuePlatform,
} from '@leadloom/core';
import {
  Box,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { QueryError } from '../../ui/QueryError';
import { ListSkeleton } from '../../ui/Skeletons';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { useOutreachMutations, useQueueStatus, type PlatformStatus } from './api';
import { SendingStatus } from './SendingStatus';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * /setup/queue/:platform?: the sending limits of the signed-in member's own account on each
 * platform, every one shown with why its default is what it is, within hard ceilings; today's
 * usage, the next send time and the pause state above them.
 */
export function QueueSetupPage() {
  const { teamUID } = useCurrentTeam();
  const params = useParams();
  const navigate = useNavigate();
  const platform: QueuePlatform = QUEUE_PLATFORMS.find((p) => p === params.platform) ?? 'facebook';
  const status = useQueueStatus(teamUID);
  const current = status.data?.find((p) => p.platform === platform);

  return (
    <Box maw={920} px="lg" py="md">
      <Title order={1} size="h2">
        Sending limits
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        How fast the extension may send from your account. Platforms restrict accounts that send
        like machines: these limits keep yours looking like a careful person. They apply to your
        account in every team.
      </Text>
      <Tabs value={platform} onChange={(v) => v && navigate(`/setup/queue/${v}`)} mb="md">
        <Tabs.List>
          {QUEUE_PLATFORMS.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {PLATFORM_NAMES[p]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SendingStatus teamUID={teamUID} platform={platform} />
      <Paper p="md" mt="md">
        {status.isPending ? (
          <ListSkeleton label="Loading the limits" rows={6} height={36} gap="sm" />
        ) : status.isError ? (
          <QueryError title="Couldn't load the limits" query={status} />
        ) : current ? (
          <LimitsForm
            key={`${platform}-${JSON.stringify(current.limits)}`}
            teamUID={teamUID}
            status={current}
          />
        ) : null}
      </Paper>
    </Box>
  );
}

function LimitsForm({ teamUID, status }: { teamUID: string; status: PlatformStatus }) {
  const { saveLimits } = useOutreachMutations(teamUID);
  const [draft, setDraft] = useState<QueueLimits>(status.limits);
  const parsed = queueLimitsSchema.safeParse(draft);
  const errors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.set(String(issue.path[0]), issue.message);
  }
  const set = <K extends QueueLimitField>(key: K, value: QueueLimits[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const changed = JSON.stringify(draft) !== JSON.stringify(status.limits);
  const name = PLATFORM_NAMES[status.platform];

  const save = (limits: QueueLimits | null) =>
    saveLimits.mutate(
      { platform: status.platform, limits },
      {
        onSuccess: () =>
          toastSuccess(
            limits ? `Saved your ${name} limits.` : `${name} limits are back to the defaults.`,
          ),
        onError: (e) => toastError(e, 'The limits were not saved'),
      },
    );

  const number = (key: QueueLimitField, label: string, min: number, max: number, unit?: string) => (
    <NumberInput
      label={label}
      description={QUEUE_LIMIT_REASONS[key]}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      suffix={unit}
      value={draft[key] as number}
      onChange={(v) => set(key, (typeof v === 'number' ? v : Number(v) || 0) as never)}
      error={errors.get(key)}
    />
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) save(parsed.data);
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {number(
            'dailyNewConversations',
            `New conversations a day (up to ${QUEUE_LIMIT_CEILINGS.dailyNewConversations})`,
            1,
            QUEUE_LIMIT_CEILINGS.dailyNewConversations,
          )}
          {number(
            'hourlySends',
            `Messages an hour (up to ${QUEUE_LIMIT_CEILINGS.hourlySends})`,
            1,
            QUEUE_LIMIT_CEILINGS.hourlySends,
          )}
          {number(
            'minGapSeconds',
            'Shortest wait between messages',
            QUEUE_LIMIT_CEILINGS.minGapSeconds,
            QUEUE_LIMIT_CEILINGS.maxGapSeconds,
            ' s',
          )}
          {number(
            'maxGapSeconds',
            'Longest wait between messages',
            QUEUE_LIMIT_CEILINGS.minGapSeconds,
            QUEUE_LIMIT_CEILINGS.maxGapSeconds,
            ' s',
          )}
          {number(
            'breakEveryMin',
            'A break after at least',
            1,
            QUEUE_LIMIT_CEILINGS.breakEveryMax,
            ' messages',
          )}
          {number(
            'breakEveryMax',
            'and at most',
            1,
            QUEUE_LIMIT_CEILINGS.breakEveryMax,
            ' messages',
          )}
          {number(
            'breakMinutesMin',
            'Shortest break',
            1,
            QUEUE_LIMIT_CEILINGS.breakMinutesMax,
            ' min',
          )}
          {number(
            'breakMinutesMax',
            'Longest break',
            1,
            QUEUE_LIMIT_CEILINGS.breakMinutesMax,
            ' min',
          )}
          <TextInput
            type="time"
            label="Working hours start"
            description={QUEUE_LIMIT_REASONS.workStart}
            value={draft.workStart}
            onChange={(e) => set('workStart', e.currentTarget.value)}
            error={errors.get('workStart')}
          />
          <TextInput
            type="time"
            label="Working hours end"
            description={`${QUEUE_LIMIT_REASONS.workEnd} Your time zone: ${status.timeZone}.`}
            value={draft.workEnd}
            onChange={(e) => set('workEnd', e.currentTarget.value)}
            error={errors.get('workEnd')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Working days
          </Text>
          <Text size="xs" c="dimmed">
            {QUEUE_LIMIT_REASONS.workDays}
          </Text>
          <Chip.Group
            multiple
            value={draft.workDays.map(String)}
            onChange={(v) =>
              set(
                'workDays',
                v.map(Number).sort((a, b) => a - b),
              )
            }
          >
            <Group gap={6}>
              {DAYS.map((d, i) => (
                <Chip key={d} value={String(i)} size="sm">
                  {d}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {errors.get('workDays') && (
            <Text size="xs" c="red">
              {errors.get('workDays')}
            </Text>
          )}
        </Stack>
        <Switch
          label="Warm up a new account"
          description={QUEUE_LIMIT_REASONS.warmUp}
          checked={draft.warmUp}
          onChange={(e) => set('warmUp', e.currentTarget.checked)}
        />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            variant="subtle"
            color="gray"
            disabled={!status.customLimits && !changed}
            onClick={() => {
              setDraft(DEFAULT_QUEUE_LIMITS[status.platform]);
              save(null);
            }}
          >
            Back to the safe defaults
          </Button>
          <Group gap="sm">
            <Button variant="default" disabled={!changed} onClick={() => setDraft(status.limits)}>
              Discard changes
            </Button>
            <Button
              type="submit"
              disabled={!changed || !parsed.success}
              loading={saveLimits.isPending}
            >
              Save limits
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
