import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { httpUrlMessage, isHttpUrl } from '@leadloom/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useCurrentTeam } from '../../session/CurrentUser';
import { useDeleteContact, useUpdateContact } from '../api';
import { PLATFORMS, contactName, normalizeUrl, platformLabel } from '../contactInfo';
import { ProfileIcon } from '../ProfileIcon';
import type { ContactFields } from '../types';
import type { TabProps } from './props';
import classes from './DetailsTab.module.css';

type TextField =
  'firstName' | 'lastName' | 'fullName' | 'emailAddress' | 'phoneNumber' | 'photoURL';

const TEXT_FIELDS: { field: TextField; label: string; type?: string }[] = [
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'fullName', label: 'Full name' },
  { field: 'emailAddress', label: 'E-mail', type: 'email' },
  { field: 'phoneNumber', label: 'Phone', type: 'tel' },
  { field: 'photoURL', label: 'Photo URL', type: 'url' },
];

export function DetailsTab({ teamUID, data, selected }: TabProps) {
  const { contact } = data;
  const update = useUpdateContact(teamUID, contact.GTID);
  const remove = useDeleteContact(teamUID, contact.GTID);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const name = contactName(contact);
  // The server lets owners and admins delete contacts (a member gets 403).
  const { team } = useCurrentTeam();
  const mayDelete = team.role === 'owner' || team.role === 'admin';

  /** Saves one change; resolves to an error message for the field, or null when saved. */
  const save = async (patch: ContactFields, label: string): Promise<string | null> => {
    try {
      await update.mutateAsync(patch);
      toastSuccess(`${label} saved.`);
      return null;
    } catch (error) {
      return isApiError(error) || error instanceof Error ? error.message : 'Could not save';
    }
  };

  const profiles = contact.profiles ?? {};
  const platformKeys = [
    ...PLATFORMS.map((p) => p.key as string),
    ...Object.keys(profiles).filter((k) => !PLATFORMS.some((p) => p.key === k)),
  ];

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="xs">
          Contact
        </Title>
        <Stack gap={0}>
          {TEXT_FIELDS.map(({ field, label, type }) => (
            <InlineField
              key={field}
              label={label}
              type={type}
              value={(contact[field] as string | null) ?? ''}
              onSave={(value) =>
                save(
                  { [field]: field === 'photoURL' ? value || null : value } as ContactFields,
                  label,
                )
              }
            />
          ))}
          <SourcesField
            sources={contact.sources}
            onSave={(sources) => save({ sources }, 'Sources')}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="xs">
          Profiles
        </Title>
        <Stack gap={0}>
          {platformKeys.map((key) => (
            <InlineField
              key={key}
              label={platformLabel(key)}
              icon={<ProfileIcon platform={key} />}
              type="url"
              value={profiles[key] ?? ''}
              placeholder="Add a link"
              onSave={(value) => {
                const next = { ...profiles };
                const url = normalizeUrl(value);
                if (url && !isHttpUrl(url)) return Promise.resolve(httpUrlMessage('Profile link'));
                if (url) next[key] = url;
                else delete next[key];
                return save({ profiles: next }, `${platformLabel(key)} link`);
              }}
            />
          ))}
        </Stack>
      </Paper>
      <Paper
        withBorder
        radius="md"
        p="md"
        style={{ borderColor: 'var(--mantine-color-red-outline)' }}
      >
        <Group justify="space-between">
          <div>
            <Text fw={600} size="sm">
              Delete contact
            </Text>
            <Text size="xs" c="dimmed">
              {mayDelete
                ? `Removes ${name} from every pipeline, with notes, deals, answers and history.`
                : 'Only owners and admins of the team can delete contacts.'}
            </Text>
          </div>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            disabled={!mayDelete}
            onClick={() => setConfirming(true)}
          >
            Delete contact
          </Button>
        </Group>
      </Paper>
      <ConfirmModal
        opened={confirming}
        title={`Delete ${name}?`}
        confirmLabel="Delete contact"
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toastSuccess(`${name} was deleted.`);
              void navigate(
                selected
                  ? `/contacts/pipeline/${encodeURIComponent(selected.groupUID)}`
                  : '/contacts/pipeline',
                { replace: true },
              );
            },
            onError: (error) => toastError(error, `Could not delete ${name}`),
          })
        }
      >
        {name} will be deleted with its notes, deals, answers, tags and stage history in every
        pipeline. This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}

/** A value that turns into an input on click: Enter saves, Escape cancels. */
function InlineField({
  label,
  value,
  type,
  icon,
  placeholder = 'Not set',
  onSave,
}: {
  label: string;
  value: string;
  type?: string;
  icon?: ReactNode;
  placeholder?: string;
  onSave: (value: string) => Promise<string | null>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const commit = async () => {
    if (draft === null) return;
    const next = draft.trim();
    if (next === value) return cancel();
    setSaving(true);
    const failure = await onSave(next);
    setSaving(false);
    if (failure) setError(failure);
    else cancel();
  };

  return (
    <div className={classes.row}>
      <Group gap={6} wrap="nowrap" className={classes.label}>
        {icon}
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      {draft === null ? (
        <UnstyledButton
          className={classes.value}
          onClick={() => setDraft(value)}
          aria-label={`Edit ${label}`}
        >
          <Text size="sm" c={value ? undefined : 'dimmed'} truncate>
            {value || placeholder}
          </Text>
          <IconPencil size={14} className={classes.pencil} aria-hidden />
        </UnstyledButton>
      ) : (
        <Group gap={4} wrap="nowrap" style={{ flex: 1 }}>
          <TextInput
            aria-label={label}
            type={type}
            size="xs"
            style={{ flex: 1 }}
            autoFocus
            value={draft}
            error={error}
            disabled={saving}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void commit();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                cancel();
              }
            }}
          />
          <Tooltip label="Save (Enter)">
            <ActionIcon
              variant="light"
              aria-label="Save"
              loading={saving}
              onClick={() => void commit()}
            >
              <IconCheck size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Cancel (Escape)">
            <ActionIcon variant="subtle" color="gray" aria-label="Cancel" onClick={cancel}>
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </div>
  );
}

function SourcesField({
  sources,
  onSave,
}: {
  sources: string[];
  onSave: (sources: string[]) => Promise<string | null>;
}) {
  const [draft, setDraft] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const commit = async () => {
    if (!draft) return;
    setSaving(true);
    const failure = await onSave(draft);
    setSaving(false);
    if (failure) setError(failure);
    else setDraft(null);
  };
  return (
    <>
      <div className={classes.row}>
        <Text size="sm" c="dimmed" className={classes.label}>
          Sources
        </Text>
        {draft === null ? (
          <UnstyledButton
            className={classes.value}
            onClick={() => setDraft(sources)}
            aria-label="Edit Sources"
          >
            <Text size="sm" c={sources.length ? undefined : 'dimmed'} truncate>
              {sources.length ? sources.join(', ') : 'Not set'}
            </Text>
            <IconPencil size={14} className={classes.pencil} aria-hidden />
          </UnstyledButton>
        ) : (
          <Group gap={4} wrap="nowrap" style={{ flex: 1 }} align="flex-start">
            <TagsInput
              aria-label="Sources"
              size="xs"
              style={{ flex: 1 }}
              autoFocus
              value={draft}
              onChange={setDraft}
              error={error}
              disabled={saving}
              placeholder="Type a source, Enter to add"
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  setDraft(null);
                  setError(null);
                }
              }}
            />
            <Button size="xs" onClick={() => void commit()} loading={saving}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Group>
        )}
      </div>
    </>
  );
}
