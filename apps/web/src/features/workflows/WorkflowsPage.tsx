import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAffiliate,
  IconInfoCircle,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { ListSkeleton } from '../../ui/Skeletons';
import { StateMessage } from '../../ui/StateMessage';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { useWorkflowMutations, useWorkflows, type WorkflowSummary } from './api';
import { StatusBadge } from './WorkflowStatus';
import { TRIGGER_WORDS } from './words';

/**
 * /workflows: the team's workflows with their status, runs today and last error; a new one
 * opens in the builder. Owners and admins manage them; members read.
 */
export function WorkflowsPage() {
  const { teamUID, team } = useCurrentTeam();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  const workflows = useWorkflows(teamUID);
  const m = useWorkflowMutations(teamUID);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<WorkflowSummary | null>(null);

  const create = () =>
    m.create.mutate(
      { name: 'Untitled workflow' },
      {
        onSuccess: (w) => void navigate(`/workflows/${encodeURIComponent(w.workflowId)}`),
        onError: (e) => toastError(e, 'Could not create the workflow'),
      },
    );
  const newButton = (variant: 'filled' | 'light') => (
    <Button
      variant={variant}
      leftSection={<IconPlus size={16} />}
      onClick={create}
      loading={m.create.isPending}
    >
      New workflow
    </Button>
  );

  return (
    <Box maw={960} px="lg" py="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Workflows
          </Title>
          <Text size="sm" c="dimmed" maw={600}>
            Steps that run themselves when something happens to a contact: a stage change, a tag, a
            reply. Tag, move, create tasks, wait and branch, without doing each step by hand.
          </Text>
        </div>
        {canEdit && workflows.data && workflows.data.length > 0 && newButton('filled')}
      </Group>
      {!canEdit && (
        <Alert icon={<IconInfoCircle size={16} />} color="gray" mb="md" py="xs">
          Only team owners and admins can change workflows.
        </Alert>
      )}
      {workflows.isPending ? (
        <Paper p="sm">
          <ListSkeleton label="Loading workflows" height={36} gap="sm" tapered />
        </Paper>
      ) : workflows.isError ? (
        <QueryError title="Couldn't load the workflows" query={workflows} />
      ) : workflows.data.length === 0 ? (
        <StateMessage
          icon={<IconAffiliate size={24} />}
          title="No workflows yet"
          action={canEdit ? newButton('light') : undefined}
        >
          A workflow starts when something happens to a contact (say, they reach a stage) and then
          tags them, moves them, gives someone a task or waits for a reply, on its own.
        </StateMessage>
      ) : (
        <Paper
          p={0}
          py={4}
          component="ul"
          aria-label="Workflows"
          style={{ listStyle: 'none', margin: 0 }}
        >
          {workflows.data.map((w, i) => (
            <Group
              component="li"
              key={w.workflowId}
              px="sm"
              py={10}
              gap="sm"
              wrap="nowrap"
              aria-label={w.name}
              style={
                i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined
              }
            >
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Group gap={8} wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`/workflows/${encodeURIComponent(w.workflowId)}`}
                    fw={600}
                    size="sm"
                    truncate
                  >
                    {w.name}
                  </Anchor>
                  <StatusBadge status={w.status} />
                </Group>
                <Text size="xs" c="dimmed">
                  {w.triggerType ? TRIGGER_WORDS[w.triggerType] : 'No trigger yet'}
                  {' · '}
                  {w.runsToday === 1 ? '1 run today' : `${w.runsToday} runs today`}
                </Text>
                {w.lastError && (
                  <Text size="xs" c="red" truncate title={w.lastError}>
                    Last error: {w.lastError}
                  </Text>
                )}
              </Box>
              {canEdit && (
                <Group gap={2} wrap="nowrap">
                  {w.status !== 'draft' && (
                    <Tooltip label={w.status === 'active' ? 'Pause' : 'Resume'}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`${w.status === 'active' ? 'Pause' : 'Resume'} ${w.name}`}
                        loading={m.life.isPending && m.life.variables?.workflowId === w.workflowId}
                        onClick={() =>
                          m.life.mutate(
                            {
                              workflowId: w.workflowId,
                              action: w.status === 'active' ? 'pause' : 'resume',
                            },
                            { onError: (e) => toastError(e) },
                          )
                        }
                      >
                        {w.status === 'active' ? (
                          <IconPlayerPause size={16} />
                        ) : (
                          <IconPlayerPlay size={16} />
                        )}
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${w.name}`}
                      onClick={() => setDeleting(w)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          ))}
        </Paper>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete workflow?"
        confirmLabel="Delete"
        loading={m.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          m.remove.mutate(deleting.workflowId, {
            onSuccess: () => {
              toastSuccess(`Deleted “${deleting.name}”`);
              setDeleting(null);
            },
            onError: (e) => toastError(e),
          })
        }
      >
        “{deleting?.name}” stops and is gone with its history of runs. This cannot be undone.
      </ConfirmModal>
    </Box>
  );
}
