import {
  validateForPublish,
  type WorkflowDefinition,
  type WorkflowRecord,
  type WorkflowStep,
} from '@leadloom/core';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  Text,
  TextInput,
  useComputedColorScheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft, IconListDetails, IconPlus } from '@tabler/icons-react';
import {
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Link, useBlocker } from 'react-router';
import { isApiError } from '../../lib/api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { toastError, toastSuccess } from '../../ui/toast';
import { useWorkflowMutations } from './api';
import {
  addStep,
  branchesOf,
  BRANCH_WORDS,
  connect,
  edgesOf,
  moveStep,
  positionsOf,
  removeStep,
  replaceStep,
  withPositions,
  type AddableType,
  type Branch,
} from './graph';
import { StepNode, type StepNodeType } from './StepNode';
import { ADDABLE, StepPanel } from './StepPanel';
import { useWorkflowTeamData } from './teamData';
import { stepSummary } from './words';
import { RunLog } from './RunLog';
import { StatusBadge } from './WorkflowStatus';

const NODE_TYPES = { step: StepNode };

interface Draft {
  name: string;
  def: WorkflowDefinition;
}
const stamp = (d: Draft) => JSON.stringify([d.name, d.def]);

/** The server's 400 on a save or publish: its message, and the step it names first. */
interface ServerProblem {
  title: string;
  message: string;
  stepId: string | null;
}

/**
 * /workflows/:workflowId: the canvas of a workflow's steps (the trigger first), the selected
 * step's settings beside it, and its life (save, publish, pause, resume). The definition is the
 * one state: the canvas is drawn from it, and problems from core's publish check show on their
 * cards as the workflow is built.
 */
export function WorkflowBuilder(props: BuilderProps) {
  return (
    <ReactFlowProvider>
      <Builder {...props} />
    </ReactFlowProvider>
  );
}

interface BuilderProps {
  teamUID: string;
  workflow: WorkflowRecord;
  canEdit: boolean;
}

function Builder({ teamUID, workflow, canEdit }: BuilderProps) {
  // Steps saved without a place (made through the API) get the one they are drawn at.
  const [draft, setDraft] = useState<Draft>(() => ({
    name: workflow.name,
    def: withPositions(workflow.definition),
  }));
  const [saved, setSaved] = useState(() =>
    stamp({ name: workflow.name, def: withPositions(workflow.definition) }),
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const [serverProblem, setServerProblem] = useState<ServerProblem | null>(null);
  const data = useWorkflowTeamData(teamUID);
  const m = useWorkflowMutations(teamUID);
  const colorScheme = useComputedColorScheme('light');
  const narrow = useMediaQuery('(max-width: 48em)');
  const flow = useReactFlow();
  // A new step may land outside the view: the view takes in every step once it is drawn.
  const [addCount, setAddCount] = useState(0);
  useEffect(() => {
    if (addCount === 0) return;
    const t = window.setTimeout(
      () => void flow.fitView({ duration: 200, maxZoom: 1, padding: 0.2 }),
      50,
    );
    return () => window.clearTimeout(t);
  }, [addCount, flow]);
  const def = draft.def;
  const dirty = stamp(draft) !== saved;

  const edit = useCallback((change: (def: WorkflowDefinition) => WorkflowDefinition) => {
    setServerProblem(null);
    setDraft((d) => ({ ...d, def: change(d.def) }));
  }, []);

  const problems = useMemo(() => validateForPublish(def), [def]);
  const problemsOf = useMemo(() => {
    const byStep = new Map<string, string[]>();
    for (const p of problems) {
      if (p.stepId) byStep.set(p.stepId, [...(byStep.get(p.stepId) ?? []), p.message]);
    }
    if (serverProblem?.stepId && !byStep.has(serverProblem.stepId)) {
      byStep.set(serverProblem.stepId, [serverProblem.message]);
    }
    return byStep;
  }, [problems, serverProblem]);

  const positions = useMemo(() => positionsOf(def), [def]);
  const nodes: StepNodeType[] = useMemo(
    () =>
      Object.entries(def.steps).map(([id, step]) => ({
        id,
        type: 'step',
        position: positions[id]!,
        selected: id === selected,
        deletable: canEdit && id !== def.rootStepId,
        draggable: canEdit,
        ariaLabel: `${step.type} step: ${stepSummary(step, data.nameOf)}`,
        ...(measured[id] ? { measured: measured[id] } : {}),
        data: { step, summary: stepSummary(step, data.nameOf), problems: problemsOf.get(id) ?? [] },
      })),
    [def, positions, selected, canEdit, measured, data, problemsOf],
  );
  const edges: Edge[] = useMemo(
    () =>
      edgesOf(def).map((e) => {
        const multi = branchesOf(def.steps[e.source]!).length > 1;
        return {
          ...e,
          selected: e.id === selectedEdge,
          deletable: canEdit,
          ...(multi ? { label: BRANCH_WORDS[e.sourceHandle] } : {}),
        };
      }),
    [def, selectedEdge, canEdit],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<StepNodeType>[]) => {
      for (const c of changes) {
        if (c.type === 'position' && c.position && canEdit) {
          const position = c.position;
          edit((d) => moveStep(d, c.id, position));
        } else if (c.type === 'select') {
          if (c.selected) {
            setSelected(c.id);
            setSelectedEdge(null);
          } else setSelected((s) => (s === c.id ? null : s));
        } else if (c.type === 'remove' && canEdit) {
          edit((d) => removeStep(d, c.id));
          setSelected((s) => (s === c.id ? null : s));
        } else if (c.type === 'dimensions' && c.dimensions) {
          const dims = c.dimensions;
          setMeasured((all) => ({ ...all, [c.id]: dims }));
        }
      }
    },
    [canEdit, edit],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      for (const c of changes) {
        if (c.type === 'select') {
          if (c.selected) {
            setSelectedEdge(c.id);
            setSelected(null);
          } else setSelectedEdge((s) => (s === c.id ? null : s));
        } else if (c.type === 'remove' && canEdit) {
          const [source, branch] = c.id.split(':') as [string, Branch];
          edit((d) => connect(d, source, branch, null));
        }
      }
    },
    [canEdit, edit],
  );
  const onConnect = useCallback(
    (c: Connection) => {
      if (!canEdit || !c.sourceHandle) return;
      edit((d) => connect(d, c.source, c.sourceHandle as Branch, c.target));
    },
    [canEdit, edit],
  );

  const add = (type: AddableType, from?: { stepId: string; branch?: Branch }) => {
    setServerProblem(null);
    const added = addStep(draft.def, type, from);
    setDraft({ ...draft, def: added.def });
    setSelected(added.stepId);
    setAddCount((n) => n + 1);
  };

  const save = async () => {
    const body = { name: draft.name.trim() || workflow.name, definition: draft.def };
    const answer = await m.update.mutateAsync({ workflowId: workflow.workflowId, body });
    setSaved(stamp({ name: answer.name, def: withPositions(answer.definition) }));
    setDraft((d) => ({ ...d, name: answer.name }));
    return answer;
  };
  const showServerProblem = (title: string, error: unknown) => {
    if (isApiError(error) && error.httpStatus === 400) {
      // `definition.steps.<id>` or deeper (`….params.url`): the step is the third part.
      const [root, steps, stepId] = error.field?.split('.') ?? [];
      const named = root === 'definition' && steps === 'steps' && stepId ? stepId : null;
      setServerProblem({ title, message: error.message, stepId: named });
    } else toastError(error);
  };
  const onSave = () =>
    save().then(
      () => toastSuccess('Saved'),
      (error) => showServerProblem('Not saved', error),
    );
  const onLife = async (action: 'publish' | 'pause' | 'resume') => {
    let title = 'Not saved';
    try {
      if (dirty) await save();
      title =
        action === 'pause' ? 'Not paused' : action === 'resume' ? 'Not resumed' : 'Not published';
      await m.life.mutateAsync({ workflowId: workflow.workflowId, action });
      toastSuccess(
        action === 'pause' ? 'Paused: it starts no new runs' : 'Active: it runs on new events',
      );
    } catch (error) {
      showServerProblem(title, error);
    }
  };

  // Leaving with edits not saved asks first: in the app (the router) and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Escape clears the selection, from the canvas or the panel; an open dropdown takes it first.
  const onKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Escape' && target.getAttribute('aria-expanded') !== 'true') {
      setSelected(null);
      setSelectedEdge(null);
    }
  };

  const [runsOpen, setRunsOpen] = useState(false);
  const status = workflow.status;
  const busy = m.update.isPending || m.life.isPending;
  const general = problems.filter((p) => p.stepId === null);

  return (
    <Box
      onKeyDown={onKey}
      style={{ display: 'flex', flexDirection: 'column', height: narrow ? 'auto' : '100%' }}
      mih={narrow ? undefined : 560}
    >
      <Group px="md" py="xs" gap="sm" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 240 }}>
          <Anchor component={Link} to="/workflows" aria-label="Back to workflows" c="dimmed">
            <IconArrowLeft size={18} />
          </Anchor>
          <TextInput
            aria-label="Workflow name"
            value={draft.name}
            readOnly={!canEdit}
            maxLength={200}
            style={{ flex: 1, maxWidth: 360 }}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setDraft((d) => ({ ...d, name }));
            }}
          />
          <StatusBadge status={status} />
          {dirty && (
            <Badge variant="outline" color="gray" size="sm">
              Unsaved
            </Badge>
          )}
        </Group>
        {workflow.liveVersion !== null && (
          <Button
            variant="subtle"
            leftSection={<IconListDetails size={16} />}
            onClick={() => setRunsOpen(true)}
          >
            Runs
          </Button>
        )}
        {canEdit && (
          <Group gap="xs">
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconPlus size={16} />}>
                  Add step
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  {selected ? 'After the selected step' : 'Not connected yet'}
                </Menu.Label>
                {ADDABLE.map((a) => (
                  <Menu.Item
                    key={a.type}
                    onClick={() => add(a.type, selected ? { stepId: selected } : undefined)}
                  >
                    {a.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button
              variant="default"
              onClick={() => void onSave()}
              disabled={!dirty}
              loading={m.update.isPending && !m.life.isPending}
            >
              {status === 'draft' ? 'Save draft' : 'Save'}
            </Button>
            {status === 'draft' && (
              <Button onClick={() => void onLife('publish')} loading={busy && m.life.isPending}>
                Publish
              </Button>
            )}
            {status === 'active' && (
              <Button
                color="yellow"
                variant="light"
                onClick={() => void onLife('pause')}
                loading={m.life.isPending}
              >
                Pause
              </Button>
            )}
            {status === 'paused' && (
              <Button onClick={() => void onLife('resume')} loading={m.life.isPending}>
                Resume
              </Button>
            )}
          </Group>
        )}
      </Group>
      <RunLog
        teamUID={teamUID}
        workflowId={workflow.workflowId}
        definition={workflow.definition}
        canEdit={canEdit}
        opened={runsOpen}
        onClose={() => setRunsOpen(false)}
      />
      {serverProblem && (
        <Alert
          mx="md"
          mb="xs"
          color="red"
          icon={<IconAlertTriangle size={16} />}
          title={serverProblem.title}
          withCloseButton
          onClose={() => setServerProblem(null)}
        >
          {serverProblem.message}
        </Alert>
      )}
      {general.map((p) => (
        <Text key={p.message} c="red" size="sm" px="md">
          {p.message}
        </Text>
      ))}
      <Box
        style={{
          flex: 1,
          display: 'flex',
          flexDirection: narrow ? 'column' : 'row',
          minHeight: 0,
          borderTop: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Box
          // In a column the canvas takes a fixed share of the screen (a flex basis would collapse it).
          style={narrow ? { flex: 'none', height: '60vh' } : { flex: 1, minWidth: 0 }}
          aria-label="Workflow canvas"
          role="region"
        >
          <ReactFlow<StepNodeType>
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onPaneClick={() => {
              setSelected(null);
              setSelectedEdge(null);
            }}
            isValidConnection={(c) => c.target !== def.rootStepId && c.source !== c.target}
            deleteKeyCode={canEdit ? ['Delete', 'Backspace'] : null}
            nodesConnectable={canEdit}
            colorMode={colorScheme}
            fitView
            fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
            minZoom={0.3}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </Box>
        <Paper
          radius={0}
          p="md"
          w={narrow ? '100%' : 360}
          style={{
            overflowY: 'auto',
            borderLeft: narrow ? undefined : '1px solid var(--mantine-color-default-border)',
            borderTop: narrow ? '1px solid var(--mantine-color-default-border)' : undefined,
          }}
        >
          {selected && def.steps[selected] ? (
            <StepPanel
              def={def}
              stepId={selected}
              data={data}
              problems={problemsOf.get(selected) ?? []}
              readOnly={!canEdit}
              onChange={(step: WorkflowStep) => edit((d) => replaceStep(d, selected, step))}
              onConnect={(branch, target) => edit((d) => connect(d, selected, branch, target))}
              onAdd={(branch, type) => add(type, { stepId: selected, branch })}
              onDelete={() => {
                edit((d) => removeStep(d, selected));
                setSelected(null);
              }}
            />
          ) : (
            <Text size="sm" c="dimmed">
              Select a step to set it up. Start with the trigger: what happens to a contact that
              starts this workflow. Add steps after it with “Add step” or the + beside a branch, and
              drag from a step’s bottom handle to another step to connect them.
              {problems.length > 0 &&
                ` ${problems.length} ${problems.length === 1 ? 'thing' : 'things'} to finish before it can be published: they show in red on the steps.`}
            </Text>
          )}
        </Paper>
      </Box>
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        This workflow has changes that are not saved. Leaving now loses them.
      </ConfirmModal>
    </Box>
  );
}
