import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Popover,
  ScrollArea,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBookmark,
  IconChevronDown,
  IconDeviceFloppy,
  IconPencil,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam, useCurrentUser } from '../session/CurrentUser';
import { useFilterSetMutations, useFilterSets, type FilterSet } from './api';
import {
  compactFilter,
  isSameQuery,
  layoutWithColumns,
  queryOfSaved,
  visibleColumns,
  type ColumnLayout,
  type TableQuery,
} from './tableState';
import { FormActions } from '../../ui/FormActions';

function NameModal({
  opened,
  title,
  initialName,
  withShare,
  submitLabel,
  loading,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  initialName: string;
  withShare: boolean;
  submitLabel: string;
  loading: boolean;
  onSubmit: (name: string, shared: boolean) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(false);
  const error = name.trim() === '' ? 'Enter a name for the view' : null;
  const [touched, setTouched] = useState(false);
  const submit = () => {
    setTouched(true);
    if (!error) onSubmit(name.trim(), shared);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            data-autofocus
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.currentTarget.value)}
            error={touched ? error : null}
          />
          {withShare && (
            <Switch
              label="Share with the team"
              description="Teammates see it in their saved views; only you and the team's owners and admins can change it."
              checked={shared}
              onChange={(e) => setShared(e.currentTarget.checked)}
            />
          )}
          <FormActions onCancel={onClose} loading={loading}>
            {submitLabel}
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Saved views": apply one (its filter goes into the URL), save the current one, rename, delete. */
export function SavedViews({
  teamUID,
  query,
  layout,
  onApply,
}: {
  teamUID: string;
  query: TableQuery;
  layout: ColumnLayout;
  onApply: (query: TableQuery, layout: ColumnLayout | null) => void;
}) {
  const user = useCurrentUser();
  const { team } = useCurrentTeam();
  const sets = useFilterSets(teamUID);
  const { create, update, remove } = useFilterSetMutations(teamUID);
  const [opened, setOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState<FilterSet | null>(null);
  const [deleting, setDeleting] = useState<FilterSet | null>(null);

  const manager = team.role === 'owner' || team.role === 'admin';
  const canEdit = (s: FilterSet) => s.createdBy === user.uid || (s.shared && manager);
  const current = sets.data?.find((s) => isSameQuery(queryOfSaved(s), query)) ?? null;

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        shadow="md"
        width={320}
        withinPortal
      >
        <Popover.Target>
          <Button
            size="xs"
            variant={current ? 'light' : 'default'}
            leftSection={<IconBookmark size={14} stroke={1.6} />}
            rightSection={<IconChevronDown size={12} />}
            onClick={() => setOpened((o) => !o)}
            maw={220}
          >
            <Text size="xs" fw={600} truncate>
              {current ? current.name : 'Saved views'}
            </Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown p={4}>
          <Stack gap={2}>
            {sets.isPending ? (
              <Group justify="center" p="sm">
                <Loader size="sm" />
              </Group>
            ) : sets.isError ? (
              <Stack gap={4} p="xs" align="flex-start">
                <Text size="sm" c="red">
                  Couldn&apos;t load your saved views.
                </Text>
                <Button size="compact-xs" variant="light" onClick={() => void sets.refetch()}>
                  Try again
                </Button>
              </Stack>
            ) : sets.data.length === 0 ? (
              <Text size="sm" c="dimmed" p="xs">
                No saved views yet. Set filters and a sort, then save them here to come back in one
                click.
              </Text>
            ) : (
              <ScrollArea.Autosize mah={320}>
                {sets.data.map((s) => (
                  <Group
                    key={s.filterSetUID}
                    gap={2}
                    wrap="nowrap"
                    justify="space-between"
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                    bg={
                      current?.filterSetUID === s.filterSetUID
                        ? 'var(--mantine-primary-color-light)'
                        : undefined
                    }
                  >
                    <UnstyledButton
                      px="xs"
                      py={6}
                      style={{ flex: 1, minWidth: 0 }}
                      aria-label={`Apply view ${s.name}`}
                      onClick={() => {
                        setOpened(false);
                        onApply(
                          queryOfSaved(s),
                          s.columns ? layoutWithColumns(layout, s.columns) : null,
                        );
                      }}
                    >
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" truncate>
                          {s.name}
                        </Text>
                        {s.shared && (
                          <Badge
                            size="xs"
                            variant="light"
                            color="gray"
                            leftSection={<IconUsers size={10} />}
                          >
                            Shared
                          </Badge>
                        )}
                      </Group>
                    </UnstyledButton>
                    {canEdit(s) && (
                      <Group gap={0} wrap="nowrap">
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="gray"
                          aria-label={`Rename ${s.name}`}
                          onClick={() => {
                            setOpened(false);
                            setRenaming(s);
                          }}
                        >
                          <IconPencil size={14} />
                        </ActionIcon>
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${s.name}`}
                          onClick={() => {
                            setOpened(false);
                            setDeleting(s);
                          }}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Group>
                ))}
              </ScrollArea.Autosize>
            )}
            <Divider my={2} />
            <Button
              size="xs"
              variant="subtle"
              justify="flex-start"
              leftSection={<IconDeviceFloppy size={14} stroke={1.6} />}
              onClick={() => {
                setOpened(false);
                setSaving(true);
              }}
            >
              Save current view…
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>

      {saving && (
        <NameModal
          opened
          title="Save current view"
          initialName=""
          withShare
          submitLabel="Save view"
          loading={create.isPending}
          onClose={() => setSaving(false)}
          onSubmit={(name, shared) =>
            create.mutate(
              {
                name,
                shared,
                filter: compactFilter(query.filter),
                sort: query.sort,
                columns: visibleColumns(layout, true),
              },
              {
                onSuccess: (s) => {
                  setSaving(false);
                  toastSuccess(
                    s.shared
                      ? `"${s.name}" is saved and shared with the team.`
                      : `"${s.name}" is saved.`,
                  );
                },
                onError: (e) => toastError(e, "Couldn't save the view"),
              },
            )
          }
        />
      )}
      {renaming && (
        <NameModal
          opened
          title={`Rename "${renaming.name}"`}
          initialName={renaming.name}
          withShare={false}
          submitLabel="Rename"
          loading={update.isPending}
          onClose={() => setRenaming(null)}
          onSubmit={(name) =>
            update.mutate(
              { filterSetUID: renaming.filterSetUID, name },
              {
                onSuccess: () => {
                  setRenaming(null);
                  toastSuccess(`Renamed to "${name}".`);
                },
                onError: (e) => toastError(e, "Couldn't rename the view"),
              },
            )
          }
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete saved view"
        confirmLabel="Delete view"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.filterSetUID, {
            onSuccess: () => {
              setDeleting(null);
              toastSuccess(`"${name}" is deleted.`);
            },
            onError: (e) => toastError(e, "Couldn't delete the view"),
          });
        }}
      >
        Delete the saved view &quot;{deleting?.name}&quot;
        {deleting?.shared ? ', shared with the team? Teammates lose it too.' : '?'} The contacts
        stay as they are.
      </ConfirmModal>
    </>
  );
}
