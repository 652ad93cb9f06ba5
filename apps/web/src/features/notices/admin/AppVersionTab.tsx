import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { newVersionMessage } from '@leadloom/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { toastSuccess } from '../../../ui/toast';
import { usePublicSettings } from '../api';
import { RUNNING_VERSION } from '../version';
import { usePublishVersion } from './adminApi';

/**
 * /admin/app-version: publish the web app version. Every open app whose build differs reloads
 * (queue pages) or shows the persistent update notice (SPEC §4 App version). The server
 * publishes its own build's version by itself; it refuses another version with the reason (no
 * build of it runs, so Refresh could never clear the notice) until the admin publishes it anyway.
 */
export function AppVersionTab() {
  const published = usePublicSettings().data?.webAppVersion ?? '';
  const publish = usePublishVersion();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The version the server refused as no build's: "Publish anyway" sends it with force.
  const [refused, setRefused] = useState<string | null>(null);
  const next = value.trim();

  const submit = (version: string, force = false) =>
    publish.mutate(
      { value: version, force },
      {
        onSuccess: () => {
          setValue('');
          setError(null);
          setRefused(null);
          toastSuccess(`Version ${version} is published.`);
        },
        onError: (e) => {
          setError(isApiError(e) ? e.message : 'Could not publish the version');
          setRefused(isApiError(e) && e.field === 'value' && !force ? version : null);
        },
      },
    );

  return (
    <Stack gap="md" maw={640}>
      <Paper p="md" withBorder>
        <Group gap="xl">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              This build
            </Text>
            <Title order={3} data-testid="running-version">
              {RUNNING_VERSION}
            </Title>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Published
            </Text>
            <Title order={3} data-testid="published-version">
              {published || '—'}
            </Title>
            {published === RUNNING_VERSION && (
              <Text size="xs" c="dimmed">
                This build (automatic)
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
      <Stack gap="xs">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="New web app version"
            placeholder="e.g. 1.4.0"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
              setRefused(null);
            }}
            error={error}
            style={{ flex: 1 }}
          />
          <Button onClick={() => submit(next)} disabled={next === ''} loading={publish.isPending}>
            Publish version
          </Button>
        </Group>
        {refused !== null && refused === next && (
          <Button
            variant="light"
            color="yellow"
            w="fit-content"
            onClick={() => submit(refused, true)}
            loading={publish.isPending}
          >
            Publish {refused} anyway
          </Button>
        )}
        {published !== RUNNING_VERSION && (
          <Button variant="subtle" w="fit-content" px={0} onClick={() => submit(RUNNING_VERSION)}>
            Publish this build&apos;s version ({RUNNING_VERSION})
          </Button>
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        The server publishes its own build&apos;s version, so a deploy tells every open app to
        refresh by itself. Users running another version see “{newVersionMessage(next || 'X.Y.Z')}”
        with a Refresh button; queue windows reload by themselves.
      </Text>
    </Stack>
  );
}
