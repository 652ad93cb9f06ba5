import { Button, Paper, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconVideo } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { QueryError } from '../../ui/QueryError';
import { TableSkeleton } from '../../ui/Skeletons';
import { toastSuccess } from '../../ui/toast';
import { isApiError } from '../../lib/api';
import { moveItem, removeAt, replaceAt, rowFieldError } from './listEdit';
import { ListRowActions } from './ListRowActions';
import { SaveBar } from './SaveBar';
import { useAdminSetting, useSaveSetting } from './settingsApi';
import { emptyVideo, videoRows, videosDirty, videosValue, type VideoRow } from './videoForm';

/** /admin/videos — the training video links every user sees (SPEC §7). */
export function VideosTab() {
  const setting = useAdminSetting('trainingVideos');
  const save = useSaveSetting('trainingVideos');
  const [rows, setRows] = useState<VideoRow[] | null>(null);
  const stored = setting.data?.value;
  // The form starts from (and after a save, returns to) what the server holds.
  useEffect(() => {
    if (stored) setRows(videoRows(stored));
  }, [stored]);

  if (setting.isPending || (!setting.isError && rows === null))
    return (
      <Paper p={0}>
        <TableSkeleton columns={4} />
      </Paper>
    );
  if (setting.isError)
    return (
      <Paper p={0}>
        <QueryError title="Couldn't load the training videos" query={setting} />
      </Paper>
    );

  const list = rows ?? [];
  const fieldError = rowFieldError(isApiError(save.error) ? save.error : null);
  const generalError = save.error && !fieldError ? save.error.message : null;
  const errorFor = (row: number, field: string) =>
    fieldError?.row === row && fieldError.field === field ? fieldError.message : null;
  const edit = (index: number, patch: Partial<VideoRow>) => {
    save.reset();
    setRows(replaceAt(list, index, patch));
  };
  const update = (next: VideoRow[]) => {
    save.reset();
    setRows(next);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The training videos every user sees, in this order. Changes go live when you save.
      </Text>
      <Paper p={0}>
        {list.length === 0 ? (
          <StateMessage icon={<IconVideo size={24} />} title="No training videos yet">
            Add a video with a title and a link; users see the list in the app.
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="xs" stickyHeader aria-label="Training videos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  <Table.Th w="26%">Title</Table.Th>
                  <Table.Th w="30%">URL</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th w={110} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((row, index) => {
                  const label = `video ${index + 1}`;
                  return (
                    <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
                      <Table.Td pt={16}>
                        <Text size="sm" c="dimmed">
                          {index + 1}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Title of ${label}`}
                          placeholder="Getting started"
                          value={row.title}
                          onChange={(e) => edit(index, { title: e.currentTarget.value })}
                          error={errorFor(index, 'title')}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`URL of ${label}`}
                          placeholder="https://…"
                          value={row.url}
                          onChange={(e) => edit(index, { url: e.currentTarget.value })}
                          error={errorFor(index, 'url')}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Textarea
                          aria-label={`Description of ${label}`}
                          placeholder="Optional"
                          autosize
                          minRows={1}
                          maxRows={4}
                          value={row.description}
                          onChange={(e) => edit(index, { description: e.currentTarget.value })}
                          error={errorFor(index, 'description')}
                        />
                      </Table.Td>
                      <Table.Td pt={12}>
                        <ListRowActions
                          label={label}
                          index={index}
                          count={list.length}
                          onMove={(delta) => update(moveItem(list, index, delta))}
                          onRemove={() => update(removeAt(list, index))}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <SaveBar
        addButton={
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => update([...list, emptyVideo()])}
          >
            Add video
          </Button>
        }
        dirty={videosDirty(list, stored ?? [])}
        saving={save.isPending}
        error={generalError}
        onRevert={() => update(videoRows(stored ?? []))}
        onSave={() =>
          save.mutate(videosValue(list), {
            onSuccess: () => toastSuccess('The training videos are saved.'),
          })
        }
      />
    </Stack>
  );
}
