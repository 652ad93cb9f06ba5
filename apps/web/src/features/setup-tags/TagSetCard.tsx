import {
  ActionIcon,
  Box,
  Button,
  Card,
  ColorSwatch,
  Group,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { toastError, toastSuccess } from '../../ui/toast';
import { useTagMutations } from './api';
import { ColorChip, NameColorForm, TagForm, type TagValues } from './forms';
import { DragHandle, SortableItem, SortableList } from '../../ui/Sortable';
import { orphanNotice, plural, tagColor } from './tagsView';
import type { Tag, TagSet } from './types';

const toInput = (v: TagValues) => ({
  name: v.name,
  value: v.value,
  remoteID: v.remoteID || null,
  color: v.color || null,
});

/** One tag set: its header (colour, name, counts) and its tags, each editable inline. */
export function TagSetCard({
  teamUID,
  set,
  canEdit,
}: {
  teamUID: string;
  set: TagSet;
  canEdit: boolean;
}) {
  const m = useTagMutations(teamUID);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editingTag, setEditingTag] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deletingTag, setDeletingTag] = useState<Tag | null>(null);
  // A new key after each added tag gives the next one an empty form (focus on its name).
  const [addForm, setAddForm] = useState(0);

  return (
    <SortableItem id={set.tagSetUID} disabled={!canEdit}>
      <Card p={0} mb="sm" aria-label={`Tag set ${set.name}`} component="section">
        <Group
          justify="space-between"
          wrap="nowrap"
          px="sm"
          py={8}
          gap="xs"
          style={{
            borderBottom: '1px solid var(--mantine-color-default-border)',
            borderTop: `3px solid ${set.color}`,
            borderTopLeftRadius: 'var(--mantine-radius-sm)',
            borderTopRightRadius: 'var(--mantine-radius-sm)',
          }}
        >
          {editing ? (
            <Box py={2} style={{ flex: 1 }}>
              <NameColorForm
                initial={{ name: set.name, color: set.color }}
                nameLabel="Tag set name"
                saveLabel="Save"
                saving={m.updateSet.isPending}
                error={m.updateSet.error}
                onCancel={() => {
                  m.updateSet.reset();
                  setEditing(false);
                }}
                onSave={(v) =>
                  m.updateSet.mutate(
                    { tagSetUID: set.tagSetUID, ...v },
                    {
                      onSuccess: () => {
                        setEditing(false);
                        toastSuccess(`Saved the tag set “${v.name}”.`);
                      },
                    },
                  )
                }
              />
            </Box>
          ) : (
            <>
              <Group gap="xs" wrap="nowrap" miw={0}>
                <DragHandle label={`Drag to reorder the tag set ${set.name}`} />
                <ColorSwatch color={set.color} size={14} radius="sm" withShadow={false} />
                <Text fw={600} size="sm" truncate>
                  {set.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {plural(set.tags.length, 'tag')}
                  {set.contacts > 0 && ` · on ${plural(set.contacts, 'contact')}`}
                </Text>
              </Group>
              {canEdit && (
                <Group gap={2} wrap="nowrap">
                  <Tooltip label="Rename or recolour">
                    <ActionIcon
                      aria-label={`Edit the tag set ${set.name}`}
                      onClick={() => setEditing(true)}
                    >
                      <IconPencil size={15} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete tag set">
                    <ActionIcon
                      aria-label={`Delete the tag set ${set.name}`}
                      color="red"
                      onClick={() => setDeleting(true)}
                    >
                      <IconTrash size={15} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </>
          )}
        </Group>

        <Stack gap={0} py={4}>
          {set.tags.length === 0 && !adding && (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              No tags in this set yet.
            </Text>
          )}
          <SortableList
            ids={set.tags.map((t) => t.tagID)}
            disabled={!canEdit}
            onReorder={(order) =>
              m.orderTags.mutate(
                { tagSetUID: set.tagSetUID, order },
                { onError: (e) => toastError(e, 'The new order was not saved') },
              )
            }
          >
            {set.tags.map((tag) => (
              <SortableItem key={tag.tagID} id={tag.tagID} disabled={!canEdit}>
                {editingTag === tag.tagID ? (
                  <Box px="sm" py={6}>
                    <TagForm
                      initial={{
                        name: tag.name,
                        value: tag.value,
                        remoteID: tag.remoteID ?? '',
                        color: tag.color ?? '',
                      }}
                      setColor={set.color}
                      saveLabel="Save"
                      saving={m.updateTag.isPending}
                      error={m.updateTag.error}
                      onCancel={() => {
                        m.updateTag.reset();
                        setEditingTag(null);
                      }}
                      onSave={(v) =>
                        m.updateTag.mutate(
                          { tagSetUID: set.tagSetUID, tagID: tag.tagID, ...toInput(v) },
                          { onSuccess: () => setEditingTag(null) },
                        )
                      }
                    />
                  </Box>
                ) : (
                  <TagRow
                    tag={tag}
                    set={set}
                    canEdit={canEdit}
                    onEdit={() => setEditingTag(tag.tagID)}
                    onDelete={() => setDeletingTag(tag)}
                  />
                )}
              </SortableItem>
            ))}
          </SortableList>
          {canEdit &&
            (adding ? (
              <Box px="sm" py={6}>
                <TagForm
                  key={addForm}
                  initial={{ name: '', value: '', remoteID: '', color: '' }}
                  setColor={set.color}
                  saveLabel="Add"
                  saving={m.createTag.isPending}
                  error={m.createTag.error}
                  onCancel={() => {
                    m.createTag.reset();
                    setAdding(false);
                  }}
                  onSave={(v) =>
                    m.createTag.mutate(
                      { tagSetUID: set.tagSetUID, ...toInput(v) },
                      // Stay open for the next tag: adding several in a row is the usual case.
                      {
                        onSuccess: () => {
                          m.createTag.reset();
                          setAddForm((n) => n + 1);
                        },
                      },
                    )
                  }
                />
              </Box>
            ) : (
              <Box px="xs" pt={2} pb={2}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setAdding(true)}
                >
                  Add tag
                </Button>
              </Box>
            ))}
        </Stack>
      </Card>

      <ConfirmModal
        opened={deleting}
        title={`Delete the tag set “${set.name}”?`}
        confirmLabel="Delete tag set"
        loading={m.deleteSet.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          // The promise, not mutate's callbacks: this card is gone (unmounted) once the list
          // refreshes without the set, and mutate's callbacks would then never run.
          m.deleteSet.mutateAsync(set.tagSetUID).then(
            ({ deleted }) => {
              setDeleting(false);
              toastSuccess(
                deleted.onContacts > 0
                  ? `Its tags stay on ${plural(deleted.onContacts, 'contact')} as orphaned tags.`
                  : 'No contact carried its tags.',
                `Deleted the tag set “${set.name}”`,
              );
            },
            (e: unknown) => toastError(e, 'The tag set was not deleted'),
          )
        }
      >
        {set.tags.length > 0 ? `Its ${plural(set.tags.length, 'tag')} go with it. ` : ''}
        {orphanNotice(set.contacts, 'tags')}
      </ConfirmModal>
      <ConfirmModal
        opened={deletingTag !== null}
        title={`Delete the tag “${deletingTag?.name ?? ''}”?`}
        confirmLabel="Delete tag"
        loading={m.deleteTag.isPending}
        onClose={() => setDeletingTag(null)}
        onConfirm={() => {
          const tag = deletingTag;
          if (!tag) return;
          m.deleteTag.mutate(
            { tagSetUID: set.tagSetUID, tagID: tag.tagID },
            {
              onSuccess: ({ onContacts }) => {
                setDeletingTag(null);
                toastSuccess(
                  onContacts > 0
                    ? `It stays on ${plural(onContacts, 'contact')} as an orphaned tag.`
                    : 'No contact carried it.',
                  `Deleted the tag “${tag.name}”`,
                );
              },
              onError: (e) => toastError(e, 'The tag was not deleted'),
            },
          );
        }}
      >
        {orphanNotice(deletingTag?.contacts ?? 0, 'tag')}
      </ConfirmModal>
    </SortableItem>
  );
}

function TagRow({
  tag,
  set,
  canEdit,
  onEdit,
  onDelete,
}: {
  tag: Tag;
  set: TagSet;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="sm"
      py={4}
      gap="xs"
      onDoubleClick={canEdit ? onEdit : undefined}
    >
      <Group gap="xs" wrap="nowrap" miw={0}>
        <DragHandle label={`Drag to reorder the tag ${tag.name}`} />
        <ColorChip color={tagColor(tag, set)}>{tag.name}</ColorChip>
        {tag.value && (
          <Text size="xs" c="dimmed" ff="monospace" truncate title="Value">
            {tag.value}
          </Text>
        )}
        {tag.remoteID && (
          <Text size="xs" c="dimmed" truncate title="Remote ID">
            ID {tag.remoteID}
          </Text>
        )}
      </Group>
      <Group gap={4} wrap="nowrap">
        {tag.contacts > 0 && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {plural(tag.contacts, 'contact')}
          </Text>
        )}
        {canEdit && (
          <>
            <ActionIcon aria-label={`Edit the tag ${tag.name}`} size="sm" onClick={onEdit}>
              <IconPencil size={14} />
            </ActionIcon>
            <ActionIcon
              aria-label={`Delete the tag ${tag.name}`}
              size="sm"
              color="red"
              onClick={onDelete}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </>
        )}
      </Group>
    </Group>
  );
}
