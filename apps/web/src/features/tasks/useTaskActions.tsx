import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { toastError, toastSuccess } from '../../ui/toast';
import { useTaskMutations, type Task, type TaskDraft } from './api';
import { TaskForm } from './TaskForm';
import type { TaskActions } from './TaskList';

/**
 * What a task list does (complete, reopen, skip, snooze, edit, delete) and its two dialogs
 * (the task form, the delete confirmation), shared by /tasks and the contact's Tasks tab.
 */
export function useTaskActions(
  teamUID: string,
  defaults: { date: string; assigneeUID: string; GTID?: string | null },
): { actions: TaskActions; openNew: () => void; dialogs: ReactNode } {
  const m = useTaskMutations(teamUID);
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);

  const update = (
    task: Task,
    patch: Parameters<typeof m.update.mutate>[0]['patch'],
    done: string,
  ) =>
    m.update.mutate(
      { taskUID: task.taskUID, patch },
      {
        onSuccess: ({ next }) =>
          toastSuccess(
            next
              ? `${done} Next one: ${next.dueDate}${next.dueTime ? ` ${next.dueTime}` : ''}.`
              : done,
          ),
        onError: (e) => toastError(e, 'The task was not changed'),
      },
    );

  const actions: TaskActions = {
    toggle: (t) =>
      update(
        t,
        { status: t.status === 'open' ? 'done' : 'open' },
        t.status === 'open' ? `Completed “${t.name}”.` : `Reopened “${t.name}”.`,
      ),
    skip: (t) => update(t, { status: 'skipped' }, `Skipped “${t.name}”.`),
    snooze: (t, date) => update(t, { dueDate: date }, `Moved “${t.name}” to ${date}.`),
    edit: (t) => {
      m.update.reset();
      setEditing(t);
    },
    remove: (t) => setDeleting(t),
    reassign: (t, to) => update(t, { assigneeUID: to.uid }, `Gave “${t.name}” to ${to.name}.`),
  };

  const save = (draft: TaskDraft) => {
    if (editing === 'new') {
      m.create.mutate(draft, {
        onSuccess: (t) => {
          toastSuccess(`Added “${t.name}”.`);
          setEditing(null);
        },
      });
    } else if (editing) {
      m.update.mutate(
        { taskUID: editing.taskUID, patch: draft },
        {
          onSuccess: () => {
            toastSuccess(`Saved “${draft.name}”.`);
            setEditing(null);
          },
        },
      );
    }
  };

  const dialogs = (
    <>
      {editing !== null && (
        <TaskForm
          opened
          teamUID={teamUID}
          task={editing === 'new' ? null : editing}
          GTID={defaults.GTID ?? null}
          defaultDate={defaults.date}
          defaultAssignee={defaults.assigneeUID}
          saving={m.create.isPending || m.update.isPending}
          error={editing === 'new' ? m.create.error : m.update.error}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this task?"
        confirmLabel="Delete task"
        loading={m.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          m.remove.mutate(deleting.taskUID, {
            onSuccess: () => {
              toastSuccess(`Deleted “${deleting.name}”.`);
              setDeleting(null);
            },
            onError: (e) => toastError(e, 'The task was not deleted'),
          })
        }
      >
        “{deleting?.name}” will be deleted{deleting?.repeat ? ', and it will not repeat again' : ''}
        .
      </ConfirmModal>
    </>
  );

  return {
    actions,
    dialogs,
    openNew: () => {
      m.create.reset();
      setEditing('new');
    },
  };
}
