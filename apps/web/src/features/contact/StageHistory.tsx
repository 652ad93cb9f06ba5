import { ActionIcon, ColorSwatch, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { toastError, toastSuccess } from '../../ui/toast';
import { formatDateTime } from './activity';
import { useDeleteHistory, usePipelineStages } from './api';
import type { ContactPipeline, HistoryEntry } from './types';

/** The selected pipeline's stage history, newest first; an entry can be deleted (confirmed). */
export function StageHistory({
  teamUID,
  GTID,
  pipeline,
  timeZone,
}: {
  teamUID: string;
  GTID: string;
  pipeline: ContactPipeline;
  timeZone: string | undefined;
}) {
  const stages = usePipelineStages(teamUID, pipeline.groupUID);
  const remove = useDeleteHistory(teamUID, GTID);
  const [deleting, setDeleting] = useState<HistoryEntry | null>(null);
  const colorOf = new Map((stages.data ?? []).map((s) => [s.stageUID, s.color] as const));
  const entries = [...pipeline.stagesHistory].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));

  return (
    <Paper withBorder radius="md" p="sm">
      <Text component="h3" size="sm" fw={600} mt={0} mb="xs">
        Stage history in {pipeline.nickName}
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No stage changes yet.
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry) => (
            <Group
              key={String(entry.id)}
              component="li"
              gap="xs"
              wrap="nowrap"
              justify="space-between"
            >
              <Group gap="xs" wrap="nowrap" miw={0}>
                <ColorSwatch
                  size={10}
                  color={colorOf.get(entry.stageUID) || 'var(--mantine-color-gray-5)'}
                />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {entry.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(entry.at, timeZone)}
                  </Text>
                </div>
              </Group>
              <Tooltip label="Delete this entry">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Delete the ${entry.name} entry from the stage history`}
                  onClick={() => setDeleting(entry)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this stage history entry?"
        confirmLabel="Delete entry"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { groupUID: pipeline.groupUID, id: deleting.id },
            {
              onSuccess: () => {
                toastSuccess('Stage history entry deleted.');
                setDeleting(null);
              },
              onError: (error) => toastError(error, 'Could not delete the entry'),
            },
          )
        }
      >
        {deleting &&
          `The entry “${deleting.name}” of ${formatDateTime(deleting.at, timeZone)} goes from the history of ${pipeline.nickName}. The contact stays in its current stage.`}
      </ConfirmModal>
    </Paper>
  );
}
