import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ExtensionInstallInfo } from '@leadloom/core';
import { api } from '../../lib/api';
import { QueryError } from '../../ui/QueryError';
import { ListSkeleton } from '../../ui/Skeletons';
import { pageRuntime, presenceFrom, sendToExtension, type ExtensionPresence } from './bridge';

function useInstallInfo() {
  return useQuery({
    queryKey: ['extension', 'install'],
    queryFn: ({ signal }) => api.get<ExtensionInstallInfo>('/api/extension/install', { signal }),
    staleTime: Infinity,
  });
}

/** Asked again when the user comes back from chrome://extensions to this tab. */
function usePresence() {
  return useQuery({
    queryKey: ['extension', 'presence'],
    queryFn: async (): Promise<ExtensionPresence> => {
      const runtime = pageRuntime();
      if (!runtime) return 'not-installed';
      return presenceFrom(await sendToExtension(runtime, { type: 'check_extension' }));
    },
    refetchOnWindowFocus: 'always',
  });
}

const PRESENCE_BADGE: Record<ExtensionPresence, { label: string; color: string }> = {
  ready: { label: 'Installed and signed in', color: 'green' },
  'not-logged-in': { label: 'Installed, not signed in', color: 'yellow' },
  'not-installed': { label: 'Not installed in this browser', color: 'gray' },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function CopyCode({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap" display="inline-flex" style={{ verticalAlign: 'middle' }}>
      <Code>{value}</Code>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              size="sm"
              onClick={copy}
              aria-label={`Copy ${label}`}
              color={copied ? 'teal' : 'gray'}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function StoreSteps({ storeUrl }: { storeUrl: string }) {
  return (
    <List type="ordered" spacing="xs" size="sm">
      <List.Item>
        Open the Leadloom extension in the Chrome Web Store.
        <Box mt={6}>
          <Button
            component="a"
            href={storeUrl}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={14} />}
          >
            Open the Chrome Web Store
          </Button>
        </Box>
      </List.Item>
      <List.Item>Click “Add to Chrome”, then “Add extension”.</List.Item>
      <List.Item>
        Pin it from the puzzle-piece menu in Chrome’s toolbar, so its status is one click away.
      </List.Item>
    </List>
  );
}

function ZipSteps({ zipUrl, appOrigin }: { zipUrl: string; appOrigin: string }) {
  return (
    <List type="ordered" spacing="xs" size="sm">
      <List.Item>
        Download the extension. It is built for this Leadloom, at {appOrigin}.
        <Box mt={6}>
          <Button
            component="a"
            href={zipUrl}
            download="leadloom-extension.zip"
            leftSection={<IconDownload size={16} />}
          >
            Download leadloom-extension.zip
          </Button>
        </Box>
      </List.Item>
      <List.Item>
        Unzip it into a folder you keep: Chrome loads the extension from that folder.
      </List.Item>
      <List.Item>
        Open <CopyCode value="chrome://extensions" label="chrome://extensions" /> in a new tab
        (Chrome does not open it from a link) and turn on “Developer mode”, top right.
      </List.Item>
      <List.Item>Click “Load unpacked” and choose the unzipped folder.</List.Item>
      <List.Item>Come back to this tab: the status above turns to “Installed”.</List.Item>
    </List>
  );
}

/** /setup/extension: what the companion extension does, how to install it and sign it in. */
export function ExtensionSetupPage() {
  const info = useInstallInfo();
  const presence = usePresence();
  const badge = presence.data ? PRESENCE_BADGE[presence.data] : null;

  return (
    <Box maw={760} px="lg" py="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Extension
          </Title>
          <Text size="sm" c="dimmed" maw={560}>
            The Leadloom extension for Chrome runs your message queue and automations: it sends the
            messages you queue on Facebook, Instagram and LinkedIn from your own browser, as you,
            and reports back here. Without it they do not start.
          </Text>
        </div>
        {badge && (
          <Badge color={badge.color} size="lg" variant="light" data-testid="extension-status">
            {badge.label}
          </Badge>
        )}
      </Group>

      {info.isPending && <ListSkeleton label="Loading the install steps" rows={3} height={120} />}
      {info.isError && <QueryError title="Could not load the install steps" query={info} />}
      {info.data && (
        <Stack gap="md">
          <Section title="Install it">
            {info.data.storeUrl ? (
              <StoreSteps storeUrl={info.data.storeUrl} />
            ) : (
              <ZipSteps zipUrl={info.data.zipUrl} appOrigin={info.data.appOrigin} />
            )}
          </Section>

          <Section title="Sign it in">
            <List type="ordered" spacing="xs" size="sm">
              <List.Item>
                Sign in to Leadloom in the same Chrome profile. Leadloom signs the extension in by
                itself, within a minute (or reload this page).
              </List.Item>
              <List.Item>
                Click the Leadloom icon in Chrome’s toolbar: its popup says “Signed in”.
              </List.Item>
              <List.Item>
                Signing out of Leadloom signs the extension out too. “Sign out” in the popup signs
                out only the extension.
              </List.Item>
            </List>
          </Section>

          <Section title="Web address">
            <Text size="sm" mb={6}>
              The extension talks only to this address; open Leadloom here for it to work:
            </Text>
            <CopyCode value={info.data.appOrigin} label="the web address" />
          </Section>
        </Stack>
      )}
    </Box>
  );
}
