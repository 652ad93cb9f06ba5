import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  useComputedColorScheme,
} from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api';
import { StateMessage } from '../../ui/StateMessage';
import { QueryError } from '../../ui/QueryError';
import { toastSuccess } from '../../ui/toast';
import { AnnouncementCard } from './AnnouncementCard';
import {
  announcementRows,
  announcementsDirty,
  announcementValue,
  dashboardValue,
  emptyAnnouncement,
  type AnnouncementRow,
} from './announcementForm';
import { moveItem, removeAt, replaceAt, rowFieldError } from './listEdit';
import { ListRowActions } from './ListRowActions';
import { SaveBar } from './SaveBar';
import { useAdminSetting, useSaveSetting } from './settingsApi';

const EMPTY = { announcements: [] };

/** /admin/announcements — the home dashboard's announcements (SPEC §7 public/dashboardData). */
export function AnnouncementsTab() {
  const setting = useAdminSetting('dashboardData');
  const save = useSaveSetting('dashboardData');
  const [rows, setRows] = useState<AnnouncementRow[] | null>(null);
  // The native date picker's icon and popup follow CSS color-scheme, not Mantine's theme.
  const colorScheme = useComputedColorScheme('light');
  const stored = setting.data?.value;
  useEffect(() => {
    if (stored) setRows(announcementRows(stored));
  }, [stored]);

  if (setting.isPending || (!setting.isError && rows === null))
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading">
        <Skeleton height={160} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  if (setting.isError)
    return (
      <Paper p={0}>
        <QueryError title="Couldn't load the announcements" query={setting} />
      </Paper>
    );

  const list = rows ?? [];
  const fieldError = rowFieldError(isApiError(save.error) ? save.error : null, 'announcements');
  const generalError = save.error && !fieldError ? save.error.message : null;
  const errorFor = (row: number, field: string) =>
    fieldError?.row === row && fieldError.field === field ? fieldError.message : null;
  const update = (next: AnnouncementRow[]) => {
    save.reset();
    setRows(next);
  };
  const edit = (index: number, patch: Partial<AnnouncementRow>) =>
    update(replaceAt(list, index, patch));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        What every team sees on its home dashboard, top first. Changes go live when you save.
      </Text>
      {list.length === 0 ? (
        <Paper p={0}>
          <StateMessage icon={<IconSpeakerphone size={24} />} title="No announcements">
            The home dashboard shows no announcements. Add one to tell every team what is new.
          </StateMessage>
        </Paper>
      ) : (
        list.map((row, index) => {
          const label = `announcement ${index + 1}`;
          return (
            <Paper key={row.key} p="md" aria-label={label} role="group">
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  Announcement {index + 1}
                </Text>
                <ListRowActions
                  label={label}
                  index={index}
                  count={list.length}
                  onMove={(delta) => update(moveItem(list, index, delta))}
                  onRemove={() => update(removeAt(list, index))}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Stack gap="xs">
                  <TextInput
                    label="Title"
                    aria-label={`Title of ${label}`}
                    value={row.title}
                    onChange={(e) => edit(index, { title: e.currentTarget.value })}
                    error={errorFor(index, 'title')}
                  />
                  <Textarea
                    label="Text"
                    aria-label={`Text of ${label}`}
                    autosize
                    minRows={2}
                    maxRows={8}
                    value={row.text}
                    onChange={(e) => edit(index, { text: e.currentTarget.value })}
                    error={errorFor(index, 'text')}
                  />
                  <Group grow align="flex-start">
                    <TextInput
                      label="Link"
                      aria-label={`Link of ${label}`}
                      placeholder="Optional, https://…"
                      value={row.link}
                      onChange={(e) => edit(index, { link: e.currentTarget.value })}
                      error={errorFor(index, 'link')}
                    />
                    <TextInput
                      label="Published"
                      aria-label={`Published time of ${label}`}
                      type="datetime-local"
                      styles={{ input: { colorScheme } }}
                      value={row.publishedAt}
                      onChange={(e) => edit(index, { publishedAt: e.currentTarget.value })}
                      error={errorFor(index, 'publishedAt')}
                    />
                  </Group>
                </Stack>
                <Stack gap={6}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    Preview
                  </Text>
                  <AnnouncementCard announcement={announcementValue(row)} />
                </Stack>
              </SimpleGrid>
            </Paper>
          );
        })
      )}
      <SaveBar
        addButton={
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => update([emptyAnnouncement(), ...list])}
          >
            Add announcement
          </Button>
        }
        dirty={announcementsDirty(list, stored ?? EMPTY)}
        saving={save.isPending}
        error={generalError}
        onRevert={() => update(announcementRows(stored ?? EMPTY))}
        onSave={() =>
          save.mutate(dashboardValue(list), {
            onSuccess: () => toastSuccess('The announcements are saved.'),
          })
        }
      />
    </Stack>
  );
}
