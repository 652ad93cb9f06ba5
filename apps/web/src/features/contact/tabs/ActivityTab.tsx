import {
  Blockquote,
  Button,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
} from '@mantine/core';
import {
  IconArrowRight,
  IconChecklist,
  IconCurrencyDollar,
  IconFlag,
  IconHistory,
  IconLayoutKanban,
  IconMessage,
  IconNote,
  IconSparkles,
  IconTag,
  type Icon,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { QueryError } from '../../../ui/QueryError';
import { usePipelines } from '../../pipeline/api';
import { useCurrentUser } from '../../session/CurrentUser';
import { activityDetail, activitySentence, formatDateTime, userTimeZone } from '../activity';
import { useActivities, usePipelineStages, useStatusLabels } from '../api';
import { contactShortName } from '../contactInfo';
import { formatMoney } from '../deals';
import { StageHistory } from '../StageHistory';
import type { ActivityItem } from '../types';
import type { TabProps } from './props';

const ICONS: Record<string, { icon: Icon; color: string }> = {
  initial: { icon: IconSparkles, color: 'grape' },
  pipeline: { icon: IconLayoutKanban, color: 'blue' },
  stage: { icon: IconArrowRight, color: 'teal' },
  note: { icon: IconNote, color: 'yellow' },
  task: { icon: IconChecklist, color: 'indigo' },
  statusLabel: { icon: IconFlag, color: 'orange' },
  tags: { icon: IconTag, color: 'cyan' },
  message: { icon: IconMessage, color: 'blue' },
};

function iconOf(a: ActivityItem) {
  if (a.type === 'pipeline' && a.action.startsWith('deal'))
    return { icon: IconCurrencyDollar, color: a.action === 'dealLost' ? 'red' : 'green' };
  return ICONS[a.type] ?? { icon: IconHistory, color: 'gray' };
}

export function ActivityTab(props: TabProps) {
  const { teamUID, data, selected } = props;
  const me = useCurrentUser();
  const timeZone = userTimeZone(me.timeZone);
  if (!selected) return <ActivityTimeline {...props} />;
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <ActivityTimeline {...props} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <StageHistory
          teamUID={teamUID}
          GTID={data.contact.GTID}
          pipeline={selected}
          timeZone={timeZone}
        />
      </Grid.Col>
    </Grid>
  );
}

function ActivityTimeline({ teamUID, data, selected }: TabProps) {
  const me = useCurrentUser();
  const activities = useActivities(teamUID, data.contact.GTID);
  const pipelines = usePipelines(teamUID);
  const stages = usePipelineStages(teamUID, selected?.groupUID ?? null);
  const labels = useStatusLabels(teamUID);
  const timeZone = userTimeZone(me.timeZone);

  const names = useMemo(() => {
    const stageNames = new Map<string, string>();
    for (const p of data.pipelines) {
      stageNames.set(p.stageUID, p.stage.name);
      // A deleted stage's history entry has no name; the stage list below may still know it.
      for (const h of p.stagesHistory) if (h.name !== null) stageNames.set(h.stageUID, h.name);
    }
    for (const s of stages.data ?? []) stageNames.set(s.stageUID, s.name);
    const pipelineNames = new Map<string, string>();
    for (const p of pipelines.data ?? []) pipelineNames.set(p.groupUID, p.nickName);
    for (const p of data.pipelines) pipelineNames.set(p.groupUID, p.nickName);
    const labelNames = new Map((labels.data ?? []).map((l) => [l.labelUID, l.display] as const));
    return {
      contact: contactShortName(data.contact),
      stage: (id: string) => stageNames.get(id),
      pipeline: (id: string) => pipelineNames.get(id),
      label: (id: string) => labelNames.get(id),
      money: (value: number, currency: string) => formatMoney(value, currency),
    };
  }, [data, stages.data, pipelines.data, labels.data]);

  if (activities.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the activity">
        {[0, 1, 2, 3].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap">
            <Skeleton circle height={28} />
            <Stack gap={4} style={{ flex: 1 }}>
              <Skeleton height={14} width="50%" />
              <Skeleton height={10} width="25%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  if (!activities.data) {
    return <QueryError title="Couldn't load the activity" query={activities} />;
  }
  const items = activities.data.pages.flatMap((page) => page.activities);
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="lg" ta="center">
        Nothing has happened with this contact yet.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Timeline bulletSize={28} lineWidth={2}>
        {items.map((a) => {
          const { icon: TypeIcon, color } = iconOf(a);
          const detail = activityDetail(a);
          return (
            <Timeline.Item
              key={a.activityUID}
              bullet={
                <ThemeIcon size={28} radius="xl" variant="light" color={color}>
                  <TypeIcon size={15} stroke={1.8} />
                </ThemeIcon>
              }
            >
              <Text size="sm" fw={500}>
                {activitySentence(a, names)}
              </Text>
              {detail && (
                <Blockquote
                  color="gray"
                  p="xs"
                  mt={4}
                  radius="sm"
                  styles={{
                    root: { fontSize: 'var(--mantine-font-size-sm)', whiteSpace: 'pre-wrap' },
                  }}
                >
                  {detail}
                </Blockquote>
              )}
              <Text size="xs" c="dimmed" mt={2}>
                {[a.createdBy && `by ${a.createdBy}`, formatDateTime(a.createdAt, timeZone)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
      {activities.hasNextPage && (
        <Group justify="center">
          <Button
            variant="subtle"
            size="xs"
            loading={activities.isFetchingNextPage}
            onClick={() => void activities.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      )}
      {activities.isFetchNextPageError && (
        <Text size="xs" c="red" ta="center" role="alert">
          {activities.error?.message ?? 'Could not load more'}
        </Text>
      )}
    </Stack>
  );
}
