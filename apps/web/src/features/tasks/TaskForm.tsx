import { repeatDataSchema, WEEKDAYS, type RepeatData } from '@leadloom/core';
import {
  Alert,
  Chip,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useAssignees, type Task, type TaskDraft } from './api';
import { FormActions } from '../../ui/FormActions';

type RepeatKind = 'none' | RepeatData['kind'];

/**
 * New or edited task: name, notes, due day and time (the assignee's), assignee and repeat.
 * Enter in the name saves; Escape closes. `GTID` fixes the contact (the contact page's Tasks
 * tab); on /tasks a task is free-standing unless made from a contact.
 */
export function TaskForm({
  teamUID,
  opened,
  task,
  GTID,
  defaultDate,
  defaultAssignee,
  saving,
  error,
  onSave,
  onClose,
}: {
  teamUID: string;
  opened: boolean;
  task: Task | null;
  GTID?: string | null;
  defaultDate: string;
  defaultAssignee: string;
  saving: boolean;
  error: Error | null;
  onSave: (draft: TaskDraft) => void;
  onClose: () => void;
}) {
  const assignees = useAssignees(teamUID);
  const [name, setName] = useState(task?.name ?? '');
  const [notes, setNotes] = useState(task?.notes ?? '');
  const [dueDate, setDueDate] = useState(task?.dueDate ?? defaultDate);
  const [dueTime, setDueTime] = useState(task?.dueTime ?? '');
  const [assigneeUID, setAssignee] = useState(task?.assigneeUID ?? defaultAssignee);
  const [kind, setKind] = useState<RepeatKind>(task?.repeat?.kind ?? 'none');
  const [days, setDays] = useState<string[]>(
    task?.repeat?.kind === 'weekly' ? task.repeat.days.map(String) : [],
  );
  const [every, setEvery] = useState<number>(
    task?.repeat?.kind === 'interval' ? task.repeat.days : 2,
  );
  const [touched, setTouched] = useState(false);

  const repeat: RepeatData | null =
    kind === 'none'
      ? null
      : kind === 'weekly'
        ? { kind, days: days.map(Number).sort() }
        : kind === 'interval'
          ? { kind, days: every }
          : { kind };
  const repeatError =
    repeat && !repeatDataSchema.safeParse(repeat).success
      ? kind === 'weekly'
        ? 'Pick at least one day of the week.'
        : 'Repeat every 1 to 365 days.'
      : null;
  const nameError = touched && !name.trim() ? 'Name the task.' : null;
  const dateError = touched && !dueDate ? 'Pick the day it is due.' : null;

  const save = () => {
    setTouched(true);
    if (!name.trim() || !dueDate || repeatError) return;
    onSave({
      name: name.trim(),
      notes,
      dueDate,
      dueTime: dueTime || null,
      assigneeUID,
      repeat,
      ...(task ? {} : { GTID: GTID ?? null }),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={task ? 'Edit task' : 'New task'} size="md">
      <Stack
        gap="sm"
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
            e.preventDefault();
            save();
          }
        }}
      >
        <TextInput
          label="Task"
          placeholder="e.g. Call back about the proposal"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
          error={nameError}
          maxLength={200}
          data-autofocus
        />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            type="date"
            label="Due"
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
            error={dateError}
          />
          <TextInput
            type="time"
            label="Time (optional)"
            value={dueTime}
            onChange={(e) => setDueTime(e.currentTarget.value)}
          />
        </Group>
        <Select
          label="Assigned to"
          data={(assignees.data ?? []).map((m) => ({ value: m.uid, label: m.name }))}
          value={assigneeUID}
          onChange={(v) => v && setAssignee(v)}
          allowDeselect={false}
          searchable
          description={
            assignees.data?.find((m) => m.uid === assigneeUID)?.timeZone &&
            `Due in their time zone: ${assignees.data.find((m) => m.uid === assigneeUID)!.timeZone}`
          }
        />
        <Select
          label="Repeat"
          data={[
            { value: 'none', label: 'Does not repeat' },
            { value: 'daily', label: 'Every day' },
            { value: 'weekly', label: 'Every week on…' },
            { value: 'monthly', label: 'Every month' },
            { value: 'interval', label: 'Every N days' },
          ]}
          value={kind}
          onChange={(v) => setKind((v as RepeatKind) ?? 'none')}
          allowDeselect={false}
        />
        {kind === 'weekly' && (
          <Chip.Group multiple value={days} onChange={setDays}>
            <Group gap={4} aria-label="Days of the week">
              {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                <Chip key={d} value={String(d)} size="xs">
                  {WEEKDAYS[d]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        {kind === 'interval' && (
          <NumberInput
            label="Every how many days"
            min={1}
            max={365}
            value={every}
            onChange={(v) => setEvery(Number(v) || 1)}
          />
        )}
        {repeatError && touched && (
          <Alert color="red" py={6} icon={<IconAlertTriangle size={16} />}>
            {repeatError}
          </Alert>
        )}
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxRows={8}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        {error && (
          <Alert color="red" py="xs" icon={<IconAlertTriangle size={16} />}>
            {error.message}
          </Alert>
        )}
        <FormActions onCancel={onClose} onSubmit={save} loading={saving}>
          {task ? 'Save task' : 'Add task'}
        </FormActions>
      </Stack>
    </Modal>
  );
}
