import {
  ActionIcon,
  Badge,
  Button,
  ColorInput,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { isColor, readableTextColor, STAGE_SWATCHES } from '@leadloom/core';
import { IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { toastError, toastSuccess } from '../../ui/toast';
import { usePhases, useStageMutations } from './api';
import { ColorChip, useCanEditSetup } from './common';
import { plural, stageMoveSentence } from './format';
import { setupPath } from './SetupPipelinesPage';
import { SortableRows } from '../../ui/Sortable';
import type { Phase, PipelineDetail, SetupStage, StageInput } from './types';
import { FormActions } from '../../ui/FormActions';

const SWATCHES = STAGE_SWATCHES as string[];

/** The stages of one pipeline: the placeholder first and locked, the rest ordered by dragging. */
export function StagesTab({ teamUID, detail }: { teamUID: string; detail: PipelineDetail }) {
  const canEdit = useCanEditSetup();
  const navigate = useNavigate();
  const { stageUID: openUID } = useParams();
  const groupUID = detail.pipeline.groupUID;
  const mutations = useStageMutations(teamUID, groupUID);
  const phases = usePhases(teamUID);
  const [deleting, setDeleting] = useState<SetupStage | null>(null);

  const placeholder = detail.stages.filter((s) => s.placeholder);
  const ordered = detail.stages.filter((s) => !s.placeholder);
  const open = (stage: SetupStage | null) =>
    void navigate(setupPath(groupUID, 'stages', stage?.stageUID), { replace: stage === null });

  const row = (stage: SetupStage, handle: ReactNode) => (
    <StageRow
      key={stage.stageUID}
      stage={stage}
      handle={handle}
      phases={phases.data ?? []}
      canEdit={canEdit}
      opened={stage.stageUID === openUID}
      onOpen={() => open(stage)}
      onClose={() => open(null)}
      onDelete={() => setDeleting(stage)}
      onSave={(patch) =>
        mutations.update.mutateAsync({ stageUID: stage.stageUID, patch }).then(() => {
          toastSuccess(`Stage "${patch.name ?? stage.name}" saved.`);
          open(null);
        })
      }
      saving={mutations.update.isPending}
    />
  );

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {canEdit
          ? 'Drag the handle (or focus it and use Space and the arrow keys) to change the order the board shows. "Set Stage..." holds contacts without a stage and always comes first.'
          : 'The stages in the order the board shows them.'}
      </Text>
      <Stack gap={6} aria-label="Stages">
        {placeholder.map((s) =>
          row(
            s,
            <Tooltip label="Always first">
              <ActionIcon variant="transparent" color="gray" aria-label="Locked: always first">
                <IconLock size={16} stroke={1.6} />
              </ActionIcon>
            </Tooltip>,
          ),
        )}
        <SortableRows
          items={ordered}
          idOf={(s) => s.stageUID}
          labelOf={(s) => s.name}
          disabled={!canEdit}
          onReorder={(order) =>
            mutations.order.mutate(order, {
              onSuccess: () => toastSuccess('Stage order saved.'),
              onError: (e) => toastError(e, 'The order was not saved'),
            })
          }
        >
          {(s, handle) => row(s, handle)}
        </SortableRows>
      </Stack>
      {ordered.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          No stages besides &quot;Set Stage...&quot; yet.
          {canEdit && ' Add the steps a contact goes through below.'}
        </Text>
      )}
      {canEdit && <AddStage teamUID={teamUID} groupUID={groupUID} />}
      {deleting && (
        <DeleteStageModal
          teamUID={teamUID}
          groupUID={groupUID}
          stage={deleting}
          others={detail.stages.filter((s) => s.stageUID !== deleting.stageUID)}
          onClose={() => {
            setDeleting(null);
            if (openUID === deleting.stageUID) open(null);
          }}
        />
      )}
    </Stack>
  );
}

function StageRow({
  stage,
  handle,
  phases,
  canEdit,
  opened,
  onOpen,
  onClose,
  onDelete,
  onSave,
  saving,
}: {
  stage: SetupStage;
  handle: ReactNode;
  phases: Phase[];
  canEdit: boolean;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
  onDelete: () => void;
  onSave: (patch: StageInput) => Promise<void>;
  saving: boolean;
}) {
  const phase = phases.find((p) => p.phaseUID === stage.phase);
  return (
    <Paper
      withBorder
      p={6}
      aria-label={stage.name}
      style={opened ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group gap="xs" wrap="nowrap">
        {handle ?? <span style={{ width: 28 }} />}
        <div style={{ minWidth: 0, flex: 1 }}>
          {/* The phase and remote ID go under the name when the row is narrow (a phone). */}
          <Group gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
            <ColorChip color={stage.color} fontColor={stage.fontColor}>
              {stage.name}
            </ColorChip>
            {phase && (
              <Badge variant="dot" color={phase.color} size="sm" style={{ flexShrink: 0 }}>
                {phase.name}
              </Badge>
            )}
            {stage.remoteID && (
              <Text size="xs" c="dimmed" truncate>
                Remote ID {stage.remoteID}
              </Text>
            )}
          </Group>
          {stage.description && !opened && (
            <Text size="xs" c="dimmed" mt={2} lineClamp={1}>
              {stage.description}
            </Text>
          )}
        </div>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {plural(stage.count, 'contact')}
        </Text>
        {canEdit && !opened && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Edit stage">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Edit ${stage.name}`}
                onClick={onOpen}
              >
                <IconPencil size={16} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
            {stage.placeholder ? (
              <span style={{ width: 28 }} aria-hidden />
            ) : (
              <Tooltip label="Delete stage">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${stage.name}`}
                  onClick={onDelete}
                >
                  <IconTrash size={16} stroke={1.6} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
      {opened && canEdit && (
        <StageEditor
          stage={stage}
          phases={phases}
          onSave={onSave}
          onCancel={onClose}
          saving={saving}
        />
      )}
    </Paper>
  );
}

function StageEditor({
  stage,
  phases,
  onSave,
  onCancel,
  saving,
}: {
  stage: SetupStage;
  phases: Phase[];
  onSave: (patch: StageInput) => Promise<void>;
  onCancel: () => void;
  saving: boolean;
}) {
  const [name, setName] = useState(stage.name);
  const [color, setColor] = useState(stage.color);
  const [fontColor, setFontColor] = useState(stage.fontColor);
  const [description, setDescription] = useState(stage.description);
  const [phase, setPhase] = useState<string | null>(stage.phase);
  const [remoteID, setRemoteID] = useState(stage.remoteID ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const locked = stage.placeholder;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const next: Record<string, string> = {};
    if (!locked && !name.trim()) next.name = 'Enter a stage name';
    if (!locked && !isColor(color)) next.color = 'Enter a colour such as #1C7EBB';
    if (!locked && !isColor(fontColor)) next.fontColor = 'Enter a colour such as #000000';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const patch: StageInput = locked
      ? { description }
      : {
          name: name.trim(),
          color,
          fontColor,
          description,
          phase,
          remoteID: remoteID.trim() || null,
        };
    onSave(patch).catch((error: unknown) => {
      if (isApiError(error) && error.field) setErrors({ [error.field]: error.message });
      else toastError(error, 'The stage was not saved');
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  };

  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label={`Edit ${stage.name}`}>
      <Stack gap="sm" p="xs" pt="sm">
        {locked && (
          <Text size="xs" c="dimmed">
            &quot;Set Stage...&quot; keeps its name and colours; you can describe it.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            disabled={locked}
            maxLength={120}
            data-autofocus
            autoFocus={!locked}
          />
          <Select
            label="Phase"
            placeholder={phases.length ? 'No phase' : 'No phases yet (see the Phases tab)'}
            data={phases.map((p) => ({ value: p.phaseUID, label: p.name }))}
            value={phase}
            onChange={setPhase}
            clearable
            disabled={locked || phases.length === 0}
            error={errors.phase}
          />
          <ColorInput
            label="Colour"
            value={color}
            onChange={(value) => {
              setColor(value);
              // Keep the text readable while picking, unless the font colour was set by hand.
              if (isColor(value) && fontColor === readableTextColor(color)) {
                setFontColor(readableTextColor(value));
              }
            }}
            swatches={SWATCHES}
            swatchesPerRow={8}
            format="hex"
            error={errors.color}
            disabled={locked}
          />
          <ColorInput
            label="Font colour"
            description="Picking a colour sets a readable one; change it here if you like."
            value={fontColor}
            onChange={setFontColor}
            swatches={['#000000', '#FFFFFF', '#FF0000']}
            format="hex"
            error={errors.fontColor}
            disabled={locked}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <TextInput
            label="Remote ID"
            description="The stage's id in a connected system (GoHighLevel, ClickFunnels...)."
            value={remoteID}
            onChange={(e) => setRemoteID(e.currentTarget.value)}
            disabled={locked}
            error={errors.remoteID}
            maxLength={200}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Group gap="xs" align="flex-end">
            <Text size="sm" c="dimmed">
              Preview
            </Text>
            <ColorChip
              color={isColor(color) ? color : stage.color}
              fontColor={isColor(fontColor) ? fontColor : stage.fontColor}
            >
              {name || stage.name}
            </ColorChip>
          </Group>
        </SimpleGrid>
        <Textarea
          label="Description"
          placeholder="What this stage means, so the team moves contacts the same way"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter saves; Shift+Enter adds a line.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          error={errors.description}
        />
        <FormActions onCancel={onCancel} loading={saving}>
          Save stage
        </FormActions>
      </Stack>
    </form>
  );
}

function AddStage({ teamUID, groupUID }: { teamUID: string; groupUID: string }) {
  const { create } = useStageMutations(teamUID, groupUID);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      setError('Enter a stage name');
      return;
    }
    create.mutate(
      { name: value },
      {
        onSuccess: () => {
          setName('');
          toastSuccess(`Stage "${value}" added.`);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" mt="xs">
        <TextInput
          aria-label="New stage name"
          placeholder="New stage, e.g. Contacted"
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
          Add stage
        </Button>
      </Group>
    </form>
  );
}

function DeleteStageModal({
  teamUID,
  groupUID,
  stage,
  others,
  onClose,
}: {
  teamUID: string;
  groupUID: string;
  stage: SetupStage;
  others: SetupStage[];
  onClose: () => void;
}) {
  const { remove } = useStageMutations(teamUID, groupUID);
  const placeholder = others.find((s) => s.placeholder);
  const [moveTo, setMoveTo] = useState<string | null>(placeholder?.stageUID ?? null);
  const confirm = () =>
    remove.mutate(
      { stageUID: stage.stageUID, moveTo: stage.count > 0 ? moveTo : null },
      {
        onSuccess: ({ moved }) => {
          const target = others.find((s) => s.stageUID === moveTo);
          toastSuccess(
            moved > 0 && target
              ? `Stage "${stage.name}" deleted; ${plural(moved, 'contact')} moved to "${target.name}".`
              : `Stage "${stage.name}" deleted.`,
          );
          onClose();
        },
        onError: (e) => toastError(e, 'The stage was not deleted'),
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Delete stage "${stage.name}"?`} centered size="sm">
      <Stack gap="md">
        <Text size="sm">{stageMoveSentence(stage.count)}</Text>
        {stage.count > 0 && (
          <Select
            label="Move its contacts to"
            data={others.map((s) => ({ value: s.stageUID, label: s.name }))}
            value={moveTo}
            onChange={setMoveTo}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Text size="xs" c="dimmed">
          Each moved contact gets a stage entry on its timeline.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={confirm}
            loading={remove.isPending}
            disabled={stage.count > 0 && !moveTo}
          >
            {stage.count > 0 ? `Delete and move ${plural(stage.count, 'contact')}` : 'Delete stage'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
