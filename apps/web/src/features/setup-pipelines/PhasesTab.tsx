import {
  ActionIcon,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Paper,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { isColor, PHASE_SWATCHES as CORE_PHASE_SWATCHES } from '@leadloom/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { toastError, toastSuccess } from '../../ui/toast';
import { usePhaseMutations, usePhases } from './api';
import { InlineRename, useCanEditSetup } from './common';
import { SortableRows } from '../../ui/Sortable';
import type { Phase } from './types';
import { ListSkeleton } from '../../ui/Skeletons';

const PHASE_SWATCHES = CORE_PHASE_SWATCHES as string[];

/** Team phases (SPEC §3 Team phases): steps of the sales process that stages of any pipeline belong to. */
export function PhasesTab({ teamUID }: { teamUID: string }) {
  const canEdit = useCanEditSetup();
  const phases = usePhases(teamUID);
  const mutations = usePhaseMutations(teamUID);
  const [deleting, setDeleting] = useState<Phase | null>(null);

  if (phases.isPending) {
    return <ListSkeleton label="Loading phases" height={40} />;
  }
  if (phases.isError) {
    return <QueryError title="Couldn't load the phases" query={phases} />;
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Phases are shared by every pipeline of the team, so reports can compare pipelines (e.g.
        Prospecting, Qualifying, Closing). Pick a stage&apos;s phase in its editor.
      </Text>
      {phases.data.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          No phases yet.{canEdit && ' Add the first one below.'}
        </Text>
      )}
      <Stack gap={6} aria-label="Phases">
        <SortableRows
          items={phases.data}
          idOf={(p) => p.phaseUID}
          labelOf={(p) => p.name}
          disabled={!canEdit}
          onReorder={(order) =>
            mutations.order.mutate(order, {
              onSuccess: () => toastSuccess('Phase order saved.'),
              onError: (e) => toastError(e, 'The order was not saved'),
            })
          }
        >
          {(phase, handle) => (
            <Paper withBorder p={6}>
              <Group gap="xs" wrap="nowrap">
                {handle}
                <PhaseColor
                  phase={phase}
                  disabled={!canEdit}
                  onChange={(color) =>
                    mutations.update.mutate(
                      { phaseUID: phase.phaseUID, patch: { color } },
                      { onError: (e) => toastError(e, 'The colour was not saved') },
                    )
                  }
                />
                <InlineRename
                  value={phase.name}
                  label="Phase name"
                  disabled={!canEdit}
                  saving={mutations.update.isPending}
                  onSave={(name) =>
                    mutations.update.mutateAsync({ phaseUID: phase.phaseUID, patch: { name } })
                  }
                >
                  <Text size="sm" fw={500} truncate>
                    {phase.name}
                  </Text>
                </InlineRename>
                {canEdit && (
                  <Tooltip label="Delete phase">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${phase.name}`}
                      onClick={() => setDeleting(phase)}
                    >
                      <IconTrash size={16} stroke={1.6} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Paper>
          )}
        </SortableRows>
      </Stack>
      {canEdit && (
        <AddPhase
          teamUID={teamUID}
          nextColor={PHASE_SWATCHES[phases.data.length % PHASE_SWATCHES.length]!}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete phase "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete phase"
        loading={mutations.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          mutations.remove.mutate(deleting.phaseUID, {
            onSuccess: () => {
              toastSuccess(`Phase "${deleting.name}" deleted.`);
              setDeleting(null);
            },
            onError: (e) => toastError(e, 'The phase was not deleted'),
          })
        }
      >
        Stages in this phase, in every pipeline, will have no phase. Their contacts stay where they
        are.
      </ConfirmModal>
    </Stack>
  );
}

function PhaseColor({
  phase,
  disabled,
  onChange,
}: {
  phase: Phase;
  disabled: boolean;
  onChange: (color: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState(phase.color);
  if (disabled)
    return <ColorSwatch color={phase.color} size={18} aria-label={`Colour ${phase.color}`} />;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="transparent"
          aria-label={`Change the colour of ${phase.name}`}
          onClick={() => {
            setValue(phase.color);
            setOpened((o) => !o);
          }}
        >
          <ColorSwatch color={phase.color} size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!isColor(value)) return;
            onChange(value);
            setOpened(false);
          }}
        >
          <Stack gap="xs">
            <ColorInput
              label="Colour"
              value={value}
              onChange={setValue}
              swatches={PHASE_SWATCHES}
              format="hex"
              error={isColor(value) ? undefined : 'Enter a colour such as #868E96'}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" type="submit">
                Save colour
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/** New phases take the next colour of the palette, so a list of phases is told apart at once. */
function AddPhase({ teamUID, nextColor }: { teamUID: string; nextColor: string }) {
  const { create } = usePhaseMutations(teamUID);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      setError('Enter a phase name');
      return;
    }
    create.mutate(
      { name: value, color: nextColor },
      {
        onSuccess: () => {
          setName('');
          toastSuccess(`Phase "${value}" added.`);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" mt="xs">
        <TextInput
          aria-label="New phase name"
          placeholder="New phase, e.g. Qualifying"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === 'Escape' && setName('')}
          error={error}
          maxLength={120}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="light"
          leftSection={<IconPlus size={16} />}
          loading={create.isPending}
        >
          Add phase
        </Button>
      </Group>
    </form>
  );
}
