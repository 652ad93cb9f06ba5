import type { WorkflowStep } from '@leadloom/core';
import { Badge, Group, Paper, Text } from '@mantine/core';
import {
  IconBolt,
  IconClockHour4,
  IconGitBranch,
  IconHandStop,
  IconPlayerPlay,
  type Icon,
} from '@tabler/icons-react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { branchesOf, branchWord } from './graph';
import { STEP_TYPE_WORDS } from './words';

export interface StepNodeData extends Record<string, unknown> {
  step: WorkflowStep;
  summary: string;
  /** What keeps this step from going live (empty: nothing). */
  problems: string[];
}
export type StepNodeType = Node<StepNodeData, 'step'>;

const ICONS: Record<WorkflowStep['type'], Icon> = {
  trigger: IconPlayerPlay,
  action: IconBolt,
  condition: IconGitBranch,
  wait: IconClockHour4,
  stop: IconHandStop,
};
const COLORS: Record<WorkflowStep['type'], string> = {
  trigger: 'violet',
  action: 'blue',
  condition: 'orange',
  wait: 'teal',
  stop: 'gray',
};

export const STEP_NODE_WIDTH = 240;

/** A step's card on the canvas: its kind, what it does, its problems and its ways out. */
export const StepNode = memo(function StepNode({ data, selected }: NodeProps<StepNodeType>) {
  const { step, summary, problems } = data;
  const Icon = ICONS[step.type];
  const branches = branchesOf(step);
  const invalid = problems.length > 0;
  return (
    <Paper
      withBorder
      shadow={selected ? 'md' : 'xs'}
      radius="md"
      p="xs"
      w={STEP_NODE_WIDTH}
      data-invalid={invalid || undefined}
      style={{
        borderWidth: invalid || selected ? 2 : 1,
        borderColor: invalid
          ? 'var(--mantine-color-red-filled)'
          : selected
            ? 'var(--mantine-primary-color-filled)'
            : undefined,
      }}
    >
      {step.type !== 'trigger' && <Handle type="target" position={Position.Top} />}
      <Group gap={6} wrap="nowrap" mb={4}>
        <Badge
          size="sm"
          variant="light"
          color={COLORS[step.type]}
          leftSection={<Icon size={12} aria-hidden />}
        >
          {STEP_TYPE_WORDS[step.type]}
        </Badge>
        {step.label && (
          <Text size="xs" fw={600} truncate>
            {step.label}
          </Text>
        )}
      </Group>
      <Text size="sm" lh={1.3}>
        {summary}
      </Text>
      {problems.map((p) => (
        <Text key={p} size="xs" c="red" mt={4} role="alert">
          {p}
        </Text>
      ))}
      {branches.length > 1 && (
        <Group justify="space-around" mt={6} gap={4}>
          {branches.map((b) => (
            <Text key={b.branch} size="xs" c="dimmed" fw={600}>
              {branchWord(step, b.branch)}
            </Text>
          ))}
        </Group>
      )}
      {branches.map((b, i) => (
        <Handle
          key={b.branch}
          type="source"
          id={b.branch}
          position={Position.Bottom}
          aria-label={`${branchWord(step, b.branch)} of this step`}
          style={{ left: `${((i + 1) / (branches.length + 1)) * 100}%` }}
        />
      ))}
    </Paper>
  );
});
