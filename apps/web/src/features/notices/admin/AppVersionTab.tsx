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
 * (queue pages) or shows the persistent update notice (SPEC §4 App version).
 */
export function AppVersionTab() {
  const published = usePublicSettings().data?.webAppVersion ?? '';
  const publish = usePublishVersion();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const next = value.trim();

  const submit = (version: string) =>
    publish.mutate(version, {
      onSuccess: () => {
        setValue('');
        setError(null);
        toastSuccess(`Version ${version} is published.`);
      },
      onError: (e) => setError(isApiError(e) ? e.message : 'Could not publish the version'),
    });

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
            }}
            error={error}
            style={{ flex: 1 }}
          />
          <Button onClick={() => submit(next)} disabled={next === ''} loading={publish.isPending}>
            Publish version
          </Button>
        </Group>
        {published !== RUNNING_VERSION && (
          <Button variant="subtle" w="fit-content" px={0} onClick={() => submit(RUNNING_VERSION)}>
            Publish this build&apos;s version ({RUNNING_VERSION})
          </Button>
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        Users running another version see “{newVersionMessage(next || 'X.Y.Z')}” with a Refresh
        button; queue windows reload by themselves.
      </Text>
    </Stack>
  );
}
