import {
  Badge,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { StateMessage } from '../../ui/StateMessage';
import { QueryError } from '../../ui/QueryError';
import { toastError } from '../../ui/toast';
import { useAdminTeams } from './api';
import { useFlagOverview, useSwitchFlag } from './flagsApi';
import { summarizeFlag, type FlagOverview } from './flagsOverview';

/** /admin/flags — every feature flag and the teams that have it (SPEC §6). */
export function FlagsTab() {
  const overview = useFlagOverview();

  if (overview.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </Stack>
    );
  if (overview.isError)
    return (
      <Paper p={0}>
        <QueryError title="Couldn't load the feature flags" query={overview} />
      </Paper>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Every flag set on any team, and the three named flags of the product. A switch saves at
        once; a team&apos;s other flags stay as they are.
      </Text>
      {overview.data.flags.length === 0 ? (
        <Paper p={0}>
          <StateMessage icon={<IconFlag size={24} />} title="No feature flags" />
        </Paper>
      ) : (
        overview.data.flags.map((flag) => <FlagCard key={flag.name} flag={flag} />)
      )}
    </Stack>
  );
}

/** A `dev-` flag stored as on is still off for the team, so the label says both. */
function switchLabel(stored: boolean, dev: boolean): string {
  if (!stored) return 'Off';
  return dev ? 'Stored on' : 'On';
}

function FlagCard({ flag }: { flag: FlagOverview }) {
  const summary = summarizeFlag(flag);
  const switchFlag = useSwitchFlag();
  const teams = useAdminTeams('');
  const pending = switchFlag.isPending ? switchFlag.variables : undefined;
  const set = (teamUID: string, enabled: boolean) =>
    switchFlag.mutate({ teamUID, name: flag.name, enabled }, { onError: (e) => toastError(e) });
  const present = new Set(flag.teams.map((t) => t.teamUID));
  const addable = (teams.data?.teams ?? [])
    .filter((t) => !present.has(t.teamUID))
    .map((t) => ({
      value: t.teamUID,
      label: t.ownerEmail ? `${t.name} (${t.ownerEmail})` : t.name,
    }));

  return (
    <Paper p="md" aria-label={`Flag ${flag.name}`} role="group">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text ff="monospace" fw={600} size="sm">
            {flag.name}
          </Text>
          {summary.named && (
            <Badge size="sm" variant="light">
              named
            </Badge>
          )}
          {summary.dev && (
            <Tooltip label='Flags starting with "dev-" are never enabled, whatever is stored.'>
              <Badge size="sm" color="gray">
                never enabled
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {summary.on} on · {summary.off} off
        </Text>
      </Group>
      {flag.teams.length === 0 ? (
        <Text size="sm" c="dimmed" mb="xs">
          No team has this flag; it is off everywhere.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label={`Teams with ${flag.name}`} mb="xs">
          <Table.Tbody>
            {flag.teams.map((team) => (
              <Table.Tr key={team.teamUID}>
                <Table.Td>
                  <Text size="sm">{team.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" c="dimmed">
                    {team.teamUID}
                  </Text>
                </Table.Td>
                <Table.Td w={140}>
                  <Switch
                    aria-label={`${flag.name} for ${team.name}`}
                    checked={pending?.teamUID === team.teamUID ? pending.enabled : team.enabled}
                    disabled={switchFlag.isPending}
                    onChange={(e) => set(team.teamUID, e.currentTarget.checked)}
                    label={switchLabel(team.enabled, summary.dev)}
                    styles={{ label: { whiteSpace: 'nowrap' } }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Select
        aria-label={`Turn ${flag.name} on for a team`}
        placeholder={teams.isError ? "Couldn't load the teams" : 'Turn on for a team…'}
        data={addable}
        value={null}
        searchable
        nothingFoundMessage="No other team"
        disabled={switchFlag.isPending || teams.isError}
        onChange={(teamUID) => teamUID && set(teamUID, true)}
        maw={420}
        size="xs"
      />
    </Paper>
  );
}
