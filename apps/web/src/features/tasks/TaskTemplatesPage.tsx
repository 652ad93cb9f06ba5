import { describeRepeat, type TaskTemplateInput } from '@leadloom/core';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChecklist,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { useAssignees } from './api';
import {
  useTaskTemplateMutations,
  useTaskTemplates,
  type TaskTemplateRow,
} from './taskTemplatesApi';
import { ListSkeleton } from '../../ui/Skeletons';
import { FormActions } from '../../ui/FormActions';

/** "Due the same day at 09:00", "Due 2 days later". */
export function dueRuleLabel(t: Pick<TaskTemplateRow, 'dueInDays' | 'dueTime'>): string {
  const day =
    t.dueInDays === 0
      ? 'the same day'
      : t.dueInDays === 1
        ? 'the next day'
        : `${t.dueInDays} days later`;
  return `Due ${day}${t.dueTime ? ` at ${t.dueTime}` : ''}`;
}

/**
 * /setup/tasks: the team's task templates (SPEC §3) by category. Owners and admins write them;
 * everyone applies them from a contact's Tasks tab (and, later, bulk selections and workflows).
 */
export function TaskTemplatesPage() {
  const { teamUID, team } = useCurrentTeam();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  const templates = useTaskTemplates(teamUID);
  const assignees = useAssignees(teamUID);
  const m = useTaskTemplateMutations(teamUID);
  const [editing, setEditing] = useState<TaskTemplateRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaskTemplateRow | null>(null);
  const names = new Map((assignees.data ?? []).map((a) => [a.uid, a.name]));
  const categories = [...new Set((templates.data ?? []).map((t) => t.category))];

  return (
    <Box maw={860} px="lg" py="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Task templates
          </Title>
          <Text size="sm" c="dimmed" maw={560}>
            Follow-ups you plan again and again: a name, when it is due after you apply it, who does
            it and whether it repeats. Apply one from a contact’s Tasks tab, or to many contacts at
            once from a selection in the Table.
          </Text>
        </div>
        {canEdit && templates.data && templates.data.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New template
          </Button>
        )}
      </Group>
      {!canEdit && (
        <Alert icon={<IconInfoCircle size={16} />} color="gray" mb="md" py="xs">
          Only team owners and admins can change task templates.
        </Alert>
      )}
      {templates.isPending ? (
        <Paper p="sm">
          <ListSkeleton label="Loading task templates" height={30} gap="sm" tapered />
        </Paper>
      ) : templates.isError ? (
        <QueryError title="Couldn't load the task templates" query={templates} />
      ) : templates.data.length === 0 ? (
        <StateMessage
          icon={<IconChecklist size={24} />}
          title="No task templates yet"
          action={
            canEdit ? (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing('new')}
              >
                Add a template
              </Button>
            ) : undefined
          }
        >
          {canEdit
            ? 'Add templates such as “Call back in 2 days” or “Weekly check-in”, then apply them to contacts.'
            : 'Ask a team owner or admin to add some.'}
        </StateMessage>
      ) : (
        <Stack gap="md">
          {categories.map((category) => (
            <Paper
              key={category}
              p={0}
              py={4}
              component="section"
              aria-label={category || 'No category'}
            >
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6}>
                {category || 'No category'}
              </Text>
              {templates.data
                .filter((t) => t.category === category)
                .map((t) => (
                  <Group key={t.templateUID} px="sm" py={8} gap="sm" wrap="nowrap">
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500} truncate>
                          {t.name}
                        </Text>
                        {t.type && (
                          <Badge size="xs" variant="light" color="gray">
                            {t.type}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {dueRuleLabel(t)}
                        {t.repeat ? ` · ${describeRepeat(t.repeat)}` : ''}
                        {' · '}
                        {t.assignee.kind === 'member'
                          ? `for ${names.get(t.assignee.uid) ?? 'a teammate'}`
                          : 'for whoever applies it'}
                      </Text>
                    </Box>
                    {canEdit && (
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Edit ${t.name}`}
                            onClick={() => setEditing(t)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${t.name}`}
                            onClick={() => setDeleting(t)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Group>
                ))}
            </Paper>
          ))}
        </Stack>
      )}

      {editing !== null && (
        <TemplateForm
          template={editing === 'new' ? null : editing}
          categories={categories.filter(Boolean)}
          members={assignees.data ?? []}
          saving={m.save.isPending}
          error={m.save.error}
          onClose={() => {
            m.save.reset();
            setEditing(null);
          }}
          onSave={(body) =>
            m.save.mutate(
              { templateUID: editing === 'new' ? null : editing.templateUID, body },
              {
                onSuccess: (t) => {
                  toastSuccess(`Saved the template “${t.name}”.`);
                  setEditing(null);
                },
              },
            )
          }
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this task template?"
        confirmLabel="Delete template"
        loading={m.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          m.remove.mutate(deleting.templateUID, {
            onSuccess: () => {
              toastSuccess(`Deleted the template “${deleting.name}”.`);
              setDeleting(null);
            },
            onError: (e) => toastError(e, 'The template was not deleted'),
          })
        }
      >
        “{deleting?.name}” will be gone. Tasks already made from it stay.
      </ConfirmModal>
    </Box>
  );
}

function TemplateForm({
  template,
  categories,
  members,
  saving,
  error,
  onSave,
  onClose,
}: {
  template: TaskTemplateRow | null;
  categories: string[];
  members: { uid: string; name: string }[];
  saving: boolean;
  error: Error | null;
  onSave: (body: TaskTemplateInput) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(template?.name ?? '');
  const [category, setCategory] = useState(template?.category ?? '');
  const [type, setType] = useState(template?.type ?? '');
  const [dueInDays, setDueInDays] = useState<number>(template?.dueInDays ?? 1);
  const [dueTime, setDueTime] = useState(template?.dueTime ?? '');
  const [assignee, setAssignee] = useState(
    template?.assignee.kind === 'member' ? template.assignee.uid : 'applier',
  );
  // Daily and monthly are picked here; a weekly or every-N-days rule made elsewhere is kept.
  const kept =
    template?.repeat && (template.repeat.kind === 'weekly' || template.repeat.kind === 'interval')
      ? template.repeat
      : null;
  const [repeat, setRepeat] = useState(kept ? 'keep' : (template?.repeat?.kind ?? 'none'));
  const [notes, setNotes] = useState(template?.notes ?? '');
  const [touched, setTouched] = useState(false);

  const save = () => {
    setTouched(true);
    if (!name.trim()) return;
    onSave({
      name: name.trim(),
      category,
      type,
      notes,
      dueInDays,
      dueTime: dueTime || null,
      repeat:
        repeat === 'none'
          ? null
          : repeat === 'keep'
            ? kept
            : { kind: repeat as 'daily' | 'monthly' },
      assignee: assignee === 'applier' ? { kind: 'applier' } : { kind: 'member', uid: assignee },
    });
  };

  return (
    <Modal opened onClose={onClose} title={template ? 'Edit task template' : 'New task template'}>
      <Stack gap="sm">
        <TextInput
          label="Task"
          placeholder="e.g. Call back"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && save()}
          error={touched && !name.trim() ? 'Name the task.' : null}
          data-autofocus
        />
        <Group grow gap="sm">
          <Autocomplete
            label="Category"
            data={categories}
            value={category}
            onChange={setCategory}
            placeholder="e.g. Onboarding"
          />
          <TextInput
            label="Type"
            value={type}
            onChange={(e) => setType(e.currentTarget.value)}
            placeholder="e.g. Call"
          />
        </Group>
        <Group grow gap="sm" align="flex-start">
          <NumberInput
            label="Due after (days)"
            description="0 = the day it is applied"
            min={0}
            max={365}
            value={dueInDays}
            onChange={(v) => setDueInDays(Math.max(0, Math.min(365, Number(v) || 0)))}
          />
          <TextInput
            type="time"
            label="At (optional)"
            value={dueTime}
            onChange={(e) => setDueTime(e.currentTarget.value)}
          />
        </Group>
        <Group grow gap="sm">
          <Select
            label="Assigned to"
            allowDeselect={false}
            value={assignee}
            onChange={(v) => v && setAssignee(v)}
            data={[
              { value: 'applier', label: 'Whoever applies it' },
              ...members.map((m) => ({ value: m.uid, label: m.name })),
            ]}
          />
          <Select
            label="Repeat"
            allowDeselect={false}
            value={repeat}
            onChange={(v) => v && setRepeat(v)}
            data={[
              { value: 'none', label: 'Does not repeat' },
              { value: 'daily', label: 'Every day' },
              { value: 'monthly', label: 'Every month' },
              ...(kept ? [{ value: 'keep', label: describeRepeat(kept) }] : []),
            ]}
          />
        </Group>
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        {error && (
          <Alert color="red" py="xs" icon={<IconAlertTriangle size={16} />}>
            {error.message}
          </Alert>
        )}
        <FormActions onCancel={onClose} onSubmit={save} loading={saving}>
          Save template
        </FormActions>
      </Stack>
    </Modal>
  );
}
