import { Alert, Badge, Box, Button, Group, Paper, Select, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconInfoCircle, IconTagOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePipelines } from '../pipeline/api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { TableSkeleton } from '../../ui/Skeletons';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { useOrphanedTags, useTagMutations, useTagSets } from './api';
import { plural, tagOptionGroups } from './tagsView';
import type { OrphanedTag, TagSet } from './types';

/**
 * /setup/tags-reconciliation: tags still on contacts whose tag (or tag set) was deleted. Each can
 * be mapped onto an existing tag or removed from its contacts.
 */
export function ReconciliationPage() {
  const { teamUID, team } = useCurrentTeam();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  const orphans = useOrphanedTags(teamUID);
  const sets = useTagSets(teamUID);
  const pipelines = usePipelines(teamUID);
  const [removing, setRemoving] = useState<OrphanedTag | null>(null);
  const m = useTagMutations(teamUID);

  const pipelineName = (uid: string) => pipelines.data?.find((p) => p.groupUID === uid)?.nickName;
  const groups = tagOptionGroups(sets.data ?? [], pipelineName);

  return (
    <Box maw={960} px="lg" py="md">
      <Button
        component={Link}
        to="/setup/tags"
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} />}
        mb={6}
        ml={-8}
      >
        Tags
      </Button>
      <Title order={1} size="h2">
        Tag reconciliation
      </Title>
      <Text size="sm" c="dimmed" mb="md" maw={620}>
        Orphaned tags are on contacts but in no tag set any more, because their tag or tag set was
        deleted. Map each to an existing tag, or remove it from its contacts.
      </Text>
      {!canEdit && (
        <Alert icon={<IconInfoCircle size={16} />} color="gray" mb="md" py="xs">
          Only team owners and admins can map or remove orphaned tags.
        </Alert>
      )}

      {orphans.isPending ? (
        <Paper p="md">
          <TableSkeleton columns={3} rows={3} />
        </Paper>
      ) : orphans.isError ? (
        <QueryError title="Couldn't load the orphaned tags" query={orphans} />
      ) : orphans.data.length === 0 ? (
        <StateMessage
          icon={<IconCircleCheck size={24} />}
          color="green"
          title="No orphaned tags"
          action={
            <Button component={Link} to="/setup/tags" variant="light">
              Back to tags
            </Button>
          }
        >
          Every tag on your contacts belongs to a tag set.
        </StateMessage>
      ) : (
        <Paper p={0}>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing="xs" aria-label="Orphaned tags" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tag</Table.Th>
                  <Table.Th w={110}>Contacts</Table.Th>
                  {canEdit && <Table.Th>Reconcile</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orphans.data.map((orphan) => (
                  <OrphanRow
                    key={orphan.tagID}
                    orphan={orphan}
                    sets={sets.data ?? []}
                    groups={groups}
                    canEdit={canEdit}
                    teamUID={teamUID}
                    onRemove={() => setRemoving(orphan)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <ConfirmModal
        opened={removing !== null}
        title={`Remove “${removing?.name ?? ''}” from ${plural(removing?.contacts ?? 0, 'contact')}?`}
        confirmLabel="Remove tag"
        loading={m.removeOrphan.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const orphan = removing;
          if (!orphan) return;
          m.removeOrphan.mutate(orphan.tagID, {
            onSuccess: ({ removed }) => {
              setRemoving(null);
              toastSuccess(
                `Taken off ${plural(removed, 'contact')}.`,
                `Removed the tag “${orphan.name}”`,
              );
            },
            onError: (e) => toastError(e, 'The tag was not removed'),
          });
        }}
      >
        The tag comes off {plural(removing?.contacts ?? 0, 'contact')}; each contact’s activity
        records it. This cannot be undone.
      </ConfirmModal>
    </Box>
  );
}

function OrphanRow({
  orphan,
  sets,
  groups,
  canEdit,
  teamUID,
  onRemove,
}: {
  orphan: OrphanedTag;
  sets: TagSet[];
  groups: ReturnType<typeof tagOptionGroups>;
  canEdit: boolean;
  teamUID: string;
  onRemove: () => void;
}) {
  const m = useTagMutations(teamUID);
  const [target, setTarget] = useState<string | null>(null);
  const formerSet = sets.find((s) => s.tagSetUID === orphan.tagSetUID);
  const map = () => {
    if (!target) return;
    const label = groups.flatMap((g) => g.items).find((i) => i.value === target)?.label ?? '';
    // The promise, not mutate's callbacks: this row is gone (unmounted) once the list refreshes
    // without the orphan, and mutate's callbacks would then never run.
    m.mapOrphan.mutateAsync({ orphanID: orphan.tagID, tagID: target }).then(
      ({ updated }) =>
        toastSuccess(
          `${plural(updated, 'contact')} now carry “${label}”.`,
          `Mapped “${orphan.name}”`,
        ),
      (e: unknown) => toastError(e, 'The tag was not mapped'),
    );
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <IconTagOff size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" fw={500}>
            {orphan.name}
          </Text>
          <Badge color="gray" variant="light" tt="none" fw={400}>
            {formerSet ? `was in ${formerSet.name}` : 'set deleted'}
          </Badge>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{orphan.contacts.toLocaleString()}</Text>
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Select
              aria-label={`Map ${orphan.name} to a tag`}
              placeholder={groups.length ? 'Map to a tag' : 'No tags to map to'}
              data={groups}
              value={target}
              onChange={setTarget}
              searchable
              disabled={groups.length === 0}
              nothingFoundMessage="No tag matches"
              size="xs"
              w={220}
              comboboxProps={{ withinPortal: true }}
            />
            <Button size="xs" onClick={map} disabled={!target} loading={m.mapOrphan.isPending}>
              Map
            </Button>
            <Button size="xs" color="red" variant="light" onClick={onRemove}>
              Remove
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
