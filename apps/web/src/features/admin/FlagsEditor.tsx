import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { toastSuccess } from '../../ui/toast';
import { useSaveFlags } from './api';
import { flagNameProblem, flagRows } from './planForm';

/** Feature flags of one team (SPEC §6): PUT /api/admin/teams/:teamUID/flags. */
export function FlagsEditor({
  teamUID,
  flags: stored,
}: {
  teamUID: string;
  flags: Record<string, boolean>;
}) {
  const [flags, setFlags] = useState<Record<string, boolean>>(stored);
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSaveFlags(teamUID);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = flagNameProblem(newName, flags);
    setNameError(problem);
    if (problem) return;
    setFlags((f) => ({ ...f, [newName.trim()]: true }));
    setNewName('');
  };

  const remove = (name: string) =>
    setFlags((f) => Object.fromEntries(Object.entries(f).filter(([key]) => key !== name)));

  return (
    <Paper p="md" aria-labelledby="flags-title">
      <Title order={3} size="h4" id="flags-title" mb="sm">
        Feature flags
      </Title>
      <Stack gap="xs">
        {flagRows(flags).map((row) => (
          <Group key={row.name} justify="space-between" wrap="nowrap">
            <Switch
              label={
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" ff="monospace">
                    {row.name}
                  </Text>
                  {row.dev && (
                    <Badge size="xs" color="gray">
                      never on (dev-)
                    </Badge>
                  )}
                </Group>
              }
              aria-label={row.name}
              checked={row.enabled}
              onChange={(e) => setFlags((f) => ({ ...f, [row.name]: e.currentTarget.checked }))}
            />
            {!row.named && (
              <ActionIcon aria-label={`Remove flag ${row.name}`} onClick={() => remove(row.name)}>
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      <form onSubmit={add} noValidate>
        <Group align="flex-start" gap="xs" mt="sm">
          <TextInput
            aria-label="New flag name"
            placeholder="new_flag_name"
            value={newName}
            onChange={(e) => setNewName(e.currentTarget.value)}
            error={nameError}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" leftSection={<IconPlus size={14} />}>
            Add flag
          </Button>
        </Group>
      </form>
      {save.error && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {save.error.message}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button
          onClick={() =>
            save.mutate(flags, { onSuccess: () => toastSuccess('The feature flags are saved.') })
          }
          loading={save.isPending}
        >
          Save flags
        </Button>
      </Group>
    </Paper>
  );
}
