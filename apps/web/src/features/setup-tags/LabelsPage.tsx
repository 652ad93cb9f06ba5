import {
  ActionIcon,
  Alert,
  Box,
  Button,
  ColorSwatch,
  Group,
  Paper,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle, IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { useLabelMutations, useStatusLabels } from './api';
import { NameColorForm, SWATCHES } from './forms';
import { DragHandle, SortableItem, SortableList } from '../../ui/Sortable';
import { plural } from './tagsView';
import type { StatusLabel } from './types';
import { ListSkeleton } from '../../ui/Skeletons';

/** /setup/labels: the team's status labels (SPEC §3 Status label: display, colour), in order. */
export function LabelsPage() {
  const { teamUID, team } = useCurrentTeam();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  const labels = useStatusLabels(teamUID);
  const m = useLabelMutations(teamUID);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StatusLabel | null>(null);

  const nextColor = SWATCHES[(labels.data?.length ?? 0) % SWATCHES.length]!;
  const addForm = (
    <Box px="sm" py={8}>
      <NameColorForm
        initial={{ name: '', color: nextColor }}
        nameLabel="Label"
        nameField="display"
        saveLabel="Add"
        saving={m.create.isPending}
        error={m.create.error}
        onCancel={() => {
          m.create.reset();
          setAdding(false);
        }}
        onSave={(v) =>
          m.create.mutate(
            { display: v.name, color: v.color },
            {
              onSuccess: () => {
                setAdding(false);
                toastSuccess(`Added the label “${v.name}”.`);
              },
            },
          )
        }
      />
    </Box>
  );

  return (
    <Box maw={760} px="lg" py="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Status labels
          </Title>
          <Text size="sm" c="dimmed" maw={520}>
            A status label says where a conversation stands, such as Replied or Follow up. A contact
            has at most one. Drag to set the order people pick them in.
          </Text>
        </div>
        {canEdit && labels.data && labels.data.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add label
          </Button>
        )}
      </Group>
      {!canEdit && (
        <Alert icon={<IconInfoCircle size={16} />} color="gray" mb="md" py="xs">
          Only team owners and admins can change status labels.
        </Alert>
      )}

      {labels.isPending ? (
        <Paper p="sm">
          <ListSkeleton label="Loading status labels" height={22} gap="sm" tapered />
        </Paper>
      ) : labels.isError ? (
        <QueryError title="Couldn't load your status labels" query={labels} />
      ) : labels.data.length === 0 && !adding ? (
        <StateMessage
          icon={<IconTag size={24} />}
          title="No status labels yet"
          action={
            canEdit ? (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding(true)}
              >
                Add a label
              </Button>
            ) : undefined
          }
        >
          {canEdit
            ? 'Add labels such as Replied, Follow up or Not interested, then set one on a contact.'
            : 'Ask a team owner or admin to add some.'}
        </StateMessage>
      ) : (
        <Paper p={0} py={4} aria-label="Status labels" component="section">
          <SortableList
            ids={labels.data.map((l) => l.labelUID)}
            disabled={!canEdit}
            onReorder={(order) =>
              m.order.mutate(order, {
                onError: (e) => toastError(e, 'The new order was not saved'),
              })
            }
          >
            {labels.data.map((label) => (
              <SortableItem key={label.labelUID} id={label.labelUID} disabled={!canEdit}>
                {editing === label.labelUID ? (
                  <Box px="sm" py={8}>
                    <NameColorForm
                      initial={{ name: label.display, color: label.color }}
                      nameLabel="Label"
                      nameField="display"
                      saveLabel="Save"
                      saving={m.update.isPending}
                      error={m.update.error}
                      onCancel={() => {
                        m.update.reset();
                        setEditing(null);
                      }}
                      onSave={(v) =>
                        m.update.mutate(
                          { labelUID: label.labelUID, display: v.name, color: v.color },
                          { onSuccess: () => setEditing(null) },
                        )
                      }
                    />
                  </Box>
                ) : (
                  <Group
                    justify="space-between"
                    wrap="nowrap"
                    px="sm"
                    py={6}
                    onDoubleClick={canEdit ? () => setEditing(label.labelUID) : undefined}
                  >
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <DragHandle label={`Drag to reorder the label ${label.display}`} />
                      <ColorSwatch color={label.color} size={16} radius="sm" withShadow={false} />
                      <Text size="sm" fw={500} truncate>
                        {label.display}
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {label.color}
                      </Text>
                    </Group>
                    {canEdit && (
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label="Rename or recolour">
                          <ActionIcon
                            aria-label={`Edit the label ${label.display}`}
                            onClick={() => setEditing(label.labelUID)}
                          >
                            <IconPencil size={15} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete label">
                          <ActionIcon
                            aria-label={`Delete the label ${label.display}`}
                            color="red"
                            onClick={() => setDeleting(label)}
                          >
                            <IconTrash size={15} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Group>
                )}
              </SortableItem>
            ))}
          </SortableList>
          {adding && addForm}
        </Paper>
      )}
      {adding && labels.data?.length === 0 && <Paper p={0}>{addForm}</Paper>}

      <ConfirmModal
        opened={deleting !== null}
        title={`Delete the label “${deleting?.display ?? ''}”?`}
        confirmLabel="Delete label"
        loading={m.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const label = deleting;
          if (!label) return;
          m.remove.mutate(label.labelUID, {
            onSuccess: ({ contacts }) => {
              setDeleting(null);
              toastSuccess(
                contacts > 0
                  ? `${plural(contacts, 'contact')} no longer carry it.`
                  : 'No contact carried it.',
                `Deleted the label “${label.display}”`,
              );
            },
            onError: (e) => toastError(e, 'The label was not deleted'),
          });
        }}
      >
        Contacts that have this label lose it; nothing else about them changes.
      </ConfirmModal>
    </Box>
  );
}
