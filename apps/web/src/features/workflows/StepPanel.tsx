import type { WorkflowDefinition, WorkflowStep } from '@leadloom/core';
import { Button, Divider, Group, Menu, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { branchesOf, branchWord, type AddableType, type Branch } from './graph';
import { ActionEditor, ConditionEditor, TriggerEditor, WaitEditor } from './StepEditors';
import type { WorkflowTeamData } from './teamData';
import { STEP_TYPE_WORDS, stepSummary } from './words';

export const ADDABLE: { type: AddableType; label: string }[] = [
  { type: 'action', label: 'Action' },
  { type: 'condition', label: 'Condition' },
  { type: 'wait', label: 'Wait' },
  { type: 'stop', label: 'Stop' },
];

/** The selected step's settings, where its branches lead, and its removal. */
export function StepPanel({
  def,
  stepId,
  data,
  problems,
  readOnly,
  onChange,
  onConnect,
  onAdd,
  onDelete,
}: {
  def: WorkflowDefinition;
  stepId: string;
  data: WorkflowTeamData;
  problems: string[];
  readOnly: boolean;
  onChange: (step: WorkflowStep) => void;
  onConnect: (branch: Branch, target: string | null) => void;
  onAdd: (branch: Branch, type: AddableType) => void;
  onDelete: () => void;
}) {
  const step = def.steps[stepId]!;
  const targets = Object.entries(def.steps)
    .filter(([id]) => id !== stepId && id !== def.rootStepId)
    .map(([id, s]) => ({
      value: id,
      label: `${s.label || STEP_TYPE_WORDS[s.type]}: ${stepSummary(s, data.nameOf)}`,
    }));
  return (
    <Stack gap="sm" component="section" aria-label="Step settings">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          {STEP_TYPE_WORDS[step.type]}
        </Title>
        {step.type !== 'trigger' && !readOnly && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
          >
            Delete step
          </Button>
        )}
      </Group>
      {problems.map((p) => (
        <Text key={p} size="sm" c="red">
          {p}
        </Text>
      ))}
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <TextInput
            label="Name on the card (optional)"
            value={step.label ?? ''}
            maxLength={200}
            onChange={(e) => {
              const label = e.currentTarget.value;
              const { label: _old, ...rest } = step;
              onChange(label ? { ...step, label } : (rest as WorkflowStep));
            }}
          />
          {step.type === 'trigger' && <TriggerEditor step={step} data={data} onChange={onChange} />}
          {step.type === 'action' && <ActionEditor step={step} data={data} onChange={onChange} />}
          {step.type === 'condition' && (
            <ConditionEditor step={step} data={data} onChange={onChange} />
          )}
          {step.type === 'wait' && <WaitEditor step={step} onChange={onChange} />}
          {branchesOf(step).length > 0 && <Divider label="Then go to" labelPosition="left" />}
          {branchesOf(step).map(({ branch, stepId: target }) => (
            <Group key={branch} gap="xs" align="flex-end" wrap="nowrap">
              <Select
                style={{ flex: 1, minWidth: 0 }}
                label={branchWord(step, branch)}
                data={[{ value: '', label: 'End the run here' }, ...targets]}
                value={target ?? ''}
                allowDeselect={false}
                onChange={(v) => onConnect(branch, v ? v : null)}
              />
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="light"
                    px="xs"
                    aria-label={`Add a step: ${branchWord(step, branch)}`}
                    disabled={readOnly}
                  >
                    <IconPlus size={16} />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {ADDABLE.map((a) => (
                    <Menu.Item key={a.type} onClick={() => onAdd(branch, a.type)}>
                      {a.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
          ))}
        </Stack>
      </fieldset>
    </Stack>
  );
}
