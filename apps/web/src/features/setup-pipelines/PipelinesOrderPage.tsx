import { Alert, Anchor, Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconLayoutKanban } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePipelines } from '../pipeline/api';
import { QueryError } from '../../ui/QueryError';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { usePipelineMutations } from './api';
import { useCanEditSetup } from './common';
import { plural } from './format';
import { setupPath } from './SetupPipelinesPage';
import { SortableRows } from '../../ui/Sortable';
import { ListSkeleton } from '../../ui/Skeletons';

/** /setup/pipelines-order — drag (or use the keyboard) to order pipelines; saves at once. */
export function PipelinesOrderPage() {
  const { teamUID } = useCurrentTeam();
  const pipelines = usePipelines(teamUID);
  const { order } = usePipelineMutations(teamUID);
  const canEdit = useCanEditSetup();
  const sorted = pipelines.data ? [...pipelines.data].sort((a, b) => a.order - b.order) : [];

  return (
    <Box px="lg" py="md" maw={720}>
      <Title order={1} size="h2">
        Pipeline order
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The order pipelines appear in everywhere: the board&apos;s pipeline menu, the table and
        setup.{' '}
        {canEdit &&
          'Drag a pipeline by its handle, or focus the handle and press Space, move with the arrow keys and press Space again. Changes save at once.'}
      </Text>
      {!canEdit && (
        <Alert icon={<IconEye size={18} />} color="gray" mb="md" variant="light">
          You can look at the order; team owners and admins change it.
        </Alert>
      )}
      {pipelines.isPending ? (
        <ListSkeleton label="Loading pipelines" height={48} />
      ) : pipelines.isError ? (
        <QueryError title="Couldn't load your pipelines" query={pipelines} />
      ) : sorted.length === 0 ? (
        <StateMessage
          icon={<IconLayoutKanban size={24} />}
          title="No pipelines yet"
          action={
            <Anchor component={Link} to="/setup/pipelines" size="sm">
              Set up a pipeline
            </Anchor>
          }
        >
          Once your team has pipelines, you can put them in the order you work in.
        </StateMessage>
      ) : (
        <Stack gap={6} aria-label="Pipelines in order">
          <SortableRows
            items={sorted}
            idOf={(p) => p.groupUID}
            labelOf={(p) => p.nickName}
            disabled={!canEdit || order.isPending}
            onReorder={(ids) =>
              order.mutate(ids, {
                onSuccess: () => toastSuccess('Pipeline order saved.'),
                onError: (e) => toastError(e, 'The order was not saved'),
              })
            }
          >
            {(p, handle) => (
              <Paper withBorder p="xs">
                <Group gap="sm" wrap="nowrap">
                  {handle}
                  <Text size="sm" c="dimmed" w={20} ta="right">
                    {sorted.indexOf(p) + 1}
                  </Text>
                  <Anchor
                    component={Link}
                    to={setupPath(p.groupUID)}
                    size="sm"
                    fw={500}
                    truncate
                    style={{ flex: 1 }}
                  >
                    {p.nickName}
                  </Anchor>
                  {p.isDefault && (
                    <Badge size="sm" variant="light">
                      Default
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {plural(p.contactCount, 'contact')}
                  </Text>
                </Group>
              </Paper>
            )}
          </SortableRows>
        </Stack>
      )}
    </Box>
  );
}
