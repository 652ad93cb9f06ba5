import { WORKFLOW_ACTIONS, type WorkflowDefinition } from '@leadloom/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../ui/QueryError';
import { formatDateTime } from '../contact/activity';
import {
  useRetryRun,
  useWorkflowRun,
  useWorkflowRuns,
  type WorkflowRun,
  type WorkflowRunStep,
} from './api';
import { STEP_TYPE_WORDS } from './words';

const STATES: Record<WorkflowRun['state'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  waiting: { label: 'Waiting', color: 'grape' },
  completed: { label: 'Completed', color: 'green' },
  stopped: { label: 'Stopped', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'failed', label: 'Failed' },
  { value: 'completed', label: 'Completed' },
];

/** A step as the log names it: its label, else its kind. */
function stepName(def: WorkflowDefinition, stepId: string | null) {
  if (stepId === null) return '—';
  const step = def.steps[stepId];
  if (!step) return stepId;
  if (step.label) return step.label;
  return step.type === 'action' ? WORKFLOW_ACTIONS[step.action].label : STEP_TYPE_WORDS[step.type];
}

/** What one move did, in words. */
function moveWords(step: WorkflowRunStep): string {
  const d = step.detail ?? {};
  if (step.outcome === 'failed') return `Failed: ${String(d.error ?? 'unknown error')}`;
  if ('matched' in d) return d.matched ? 'Matched: took Then' : 'Did not match: took Else';
  if ('waitUntil' in d)
    return `Waits until ${formatDateTime(new Date(Number(d.waitUntil)).toISOString())}`;
  return 'Done';
}

/**
 * The run log of a workflow: its runs, newest first (filter by state), each run's moves, and
 * "Retry" for a run that failed at a step.
 */
export function RunLog({
  teamUID,
  workflowId,
  definition,
  canEdit,
  opened,
  onClose,
}: {
  teamUID: string;
  workflowId: string;
  definition: WorkflowDefinition;
  canEdit: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const [filter, setFilter] = useState('all');
  const [open, setOpen] = useState<string | null>(null);
  const runs = useWorkflowRuns(teamUID, workflowId, filter === 'all' ? null : filter);
  const retry = useRetryRun(teamUID, workflowId);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title="Run log">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Show runs"
          data={FILTERS}
          value={filter}
          onChange={setFilter}
        />
        {runs.isPending && <Loader size="sm" />}
        {runs.isError && <QueryError title="Couldn't load the runs" query={runs} />}
        {runs.data && runs.data.runs.length === 0 && (
          <Text c="dimmed" size="sm">
            {filter === 'all'
              ? 'No runs yet. A run starts each time the trigger happens to a contact.'
              : 'No runs in this state.'}
          </Text>
        )}
        {runs.data && runs.data.runs.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped highlightOnHover aria-label="Runs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Step</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data.runs.map((run) => (
                  <RunRow
                    key={run.runId}
                    run={run}
                    definition={definition}
                    expanded={open === run.runId}
                    onToggle={() => setOpen(open === run.runId ? null : run.runId)}
                    teamUID={teamUID}
                    workflowId={workflowId}
                    retry={
                      canEdit && run.state === 'failed' && run.stepId !== null
                        ? () => retry.mutate(run.runId)
                        : null
                    }
                    retrying={retry.isPending && retry.variables === run.runId}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {retry.isError && (
          <Alert color="red" title="Not retried">
            {retry.error.message}
          </Alert>
        )}
      </Stack>
    </Drawer>
  );
}

function RunRow({
  run,
  definition,
  expanded,
  onToggle,
  teamUID,
  workflowId,
  retry,
  retrying,
}: {
  run: WorkflowRun;
  definition: WorkflowDefinition;
  expanded: boolean;
  onToggle: () => void;
  teamUID: string;
  workflowId: string;
  retry: (() => void) | null;
  retrying: boolean;
}) {
  const state = STATES[run.state];
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <Anchor component={Link} to={`/contact/${encodeURIComponent(run.GTID)}`} size="sm">
            {run.contactName || 'Unnamed contact'}
          </Anchor>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Badge variant="light" color={state.color} size="sm" style={{ minWidth: 'max-content' }}>
            {state.label}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{stepName(definition, run.stepId)}</Text>
          {run.waitUntil && (
            <Text size="xs" c="dimmed">
              until {formatDateTime(run.waitUntil)}
            </Text>
          )}
          {run.lastError && (
            <Text size="xs" c="red">
              {run.lastError}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Text size="sm">{formatDateTime(run.startedAt)}</Text>
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button size="compact-xs" variant="subtle" onClick={onToggle} aria-expanded={expanded}>
              {expanded ? 'Hide steps' : 'Steps'}
            </Button>
            {retry && (
              <Button size="compact-xs" variant="light" onClick={retry} loading={retrying}>
                Retry
              </Button>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <RunMoves
              teamUID={teamUID}
              workflowId={workflowId}
              runId={run.runId}
              definition={definition}
            />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function RunMoves({
  teamUID,
  workflowId,
  runId,
  definition,
}: {
  teamUID: string;
  workflowId: string;
  runId: string;
  definition: WorkflowDefinition;
}) {
  const run = useWorkflowRun(teamUID, workflowId, runId);
  if (run.isPending) return <Loader size="xs" />;
  if (run.isError) return <QueryError title="Couldn't load the run" query={run} />;
  if (run.data.steps.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No step taken yet.
      </Text>
    );
  }
  return (
    <Stack gap={2} aria-label="Steps of the run">
      {run.data.steps.map((step) => (
        <Text key={`${step.move}-${step.stepId}`} size="xs">
          <Text span fw={600}>
            {stepName(definition, step.stepId)}
          </Text>
          {' · '}
          {moveWords(step)}
          <Text span c="dimmed">
            {' · '}
            {formatDateTime(step.at)}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
