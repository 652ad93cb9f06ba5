import {
  ActionIcon,
  Button,
  Group,
  Kbd,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconNote, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { QueryError } from '../../../ui/QueryError';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useCurrentUser } from '../../session/CurrentUser';
import { formatDateTime, userTimeZone } from '../activity';
import { useAddNote, useDeleteNote, useEditNote, useNotes } from '../api';
import type { Note } from '../types';
import type { TabProps } from './props';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Ctrl+Enter (Cmd+Enter on a Mac) saves; Escape cancels. */
function submitKeys(onSave: () => void, onCancel?: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };
}

function preview(text: string) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

export function NotesTab({ teamUID, data }: TabProps) {
  const GTID = data.contact.GTID;
  const notes = useNotes(teamUID, GTID);
  const add = useAddNote(teamUID, GTID);
  const [draft, setDraft] = useState('');

  const save = () => {
    const text = draft.trim();
    if (!text || add.isPending) return;
    add.mutate(
      { text },
      {
        onSuccess: () => {
          setDraft('');
          toastSuccess('Note added.');
        },
        onError: (error) => toastError(error, 'Could not add the note'),
      },
    );
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md">
        <Textarea
          aria-label="New note"
          placeholder="Write a note…"
          autosize
          minRows={2}
          maxRows={10}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={submitKeys(save)}
          variant="unstyled"
        />
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">{isMac ? '⌘' : 'Ctrl'}</Kbd> + <Kbd size="xs">Enter</Kbd> to save
          </Text>
          <Button size="xs" onClick={save} loading={add.isPending} disabled={!draft.trim()}>
            Add note
          </Button>
        </Group>
      </Paper>
      {notes.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the notes">
          <Skeleton height={70} />
          <Skeleton height={70} />
        </Stack>
      ) : notes.isError ? (
        <QueryError title="Couldn't load the notes" query={notes} />
      ) : notes.data.length === 0 ? (
        <Stack align="center" gap={4} py="lg">
          <IconNote size={24} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text c="dimmed" size="sm">
            No notes yet. Write the first one above.
          </Text>
        </Stack>
      ) : (
        notes.data.map((note) => (
          <NoteItem key={note.noteUID} teamUID={teamUID} GTID={GTID} note={note} />
        ))
      )}
    </Stack>
  );
}

function NoteItem({ teamUID, GTID, note }: { teamUID: string; GTID: string; note: Note }) {
  const me = useCurrentUser();
  const timeZone = userTimeZone(me.timeZone);
  const edit = useEditNote(teamUID, GTID);
  const remove = useDeleteNote(teamUID, GTID);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const save = () => {
    const text = editing?.trim();
    if (!text) return;
    if (text === note.text) return setEditing(null);
    edit.mutate(
      { noteUID: note.noteUID, text },
      {
        onSuccess: () => {
          setEditing(null);
          toastSuccess('Note saved.');
        },
        onError: (error) => toastError(error, 'Could not save the note'),
      },
    );
  };
  const edited = note.updatedAt && note.updatedAt !== note.createdAt;

  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="xs" c="dimmed">
          <Text span fw={600} c="var(--mantine-color-text)" size="xs">
            {note.createdBy ?? 'Someone'}
          </Text>{' '}
          · {formatDateTime(note.createdAt, timeZone)}
          {edited ? ' · edited' : ''}
        </Text>
        {editing === null && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label="Edit note"
                onClick={() => setEditing(note.text)}
              >
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label="Delete note"
                onClick={() => setConfirming(true)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {editing === null ? (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.text}
        </Text>
      ) : (
        <>
          <Textarea
            mt={6}
            aria-label="Edit note"
            autosize
            minRows={2}
            maxRows={12}
            autoFocus
            value={editing}
            onChange={(e) => setEditing(e.currentTarget.value)}
            onKeyDown={submitKeys(save, () => setEditing(null))}
          />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button size="xs" onClick={save} loading={edit.isPending} disabled={!editing.trim()}>
              Save
            </Button>
          </Group>
        </>
      )}
      <ConfirmModal
        opened={confirming}
        title="Delete this note?"
        confirmLabel="Delete note"
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(note.noteUID, {
            onSuccess: () => {
              setConfirming(false);
              toastSuccess('Note deleted.');
            },
            onError: (error) => toastError(error, 'Could not delete the note'),
          })
        }
      >
        The note “{preview(note.text)}” by {note.createdBy ?? 'someone'} goes for good.
      </ConfirmModal>
    </Paper>
  );
}
