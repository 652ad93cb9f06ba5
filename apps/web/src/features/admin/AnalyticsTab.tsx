import { Button, Code, Group, Paper, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconChartBar, IconRefresh } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { QueryError } from '../../ui/QueryError';
import { TableSkeleton } from '../../ui/Skeletons';
import { formatDateTime } from '../profile/format';
import { useAdminTeams } from './api';
import { useAnalyticsEvents } from './analyticsApi';
import { ANALYTICS_LIMITS, compactJson, DEFAULT_ANALYTICS_LIMIT } from './analyticsView';
import { SearchBox } from './SearchBox';

/** /admin/analytics — the landing and identify events kept on our server (SPEC §7). */
export function AnalyticsTab() {
  const [name, setName] = useState('');
  const [limit, setLimit] = useState<number>(DEFAULT_ANALYTICS_LIMIT);
  const events = useAnalyticsEvents(limit, name);
  const onSearch = useCallback((q: string) => setName(q), []);
  // Events carry only the team id; the newest 100 teams (shared with the Teams tab) give names.
  const teams = useAdminTeams('');
  const teamNames = new Map((teams.data?.teams ?? []).map((t) => [t.teamUID, t.name]));

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SearchBox
          label="Filter by event name"
          placeholder="Event name, e.g. landing"
          onSearch={onSearch}
          busy={events.isFetching && !events.isPending}
        />
        <Group gap="xs">
          <Select
            aria-label="Number of events"
            data={ANALYTICS_LIMITS.map((n) => ({ value: String(n), label: `Last ${n}` }))}
            value={String(limit)}
            onChange={(value) => value && setLimit(Number(value))}
            allowDeselect={false}
            w={130}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void events.refetch()}
            loading={events.isFetching && !events.isPending}
          >
            Refresh
          </Button>
        </Group>
      </Group>
      <Paper p={0}>
        {events.isPending ? (
          <TableSkeleton columns={5} />
        ) : events.isError ? (
          <QueryError title="Couldn't load the analytics events" query={events} />
        ) : events.data.events.length === 0 ? (
          <StateMessage icon={<IconChartBar size={24} />} title="No events">
            {name
              ? `No event is named "${name}".`
              : 'Sign-ins record a landing event; they show up here.'}
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="xs" stickyHeader highlightOnHover aria-label="Analytics events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Team</Table.Th>
                  <Table.Th>Properties</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.events.map((event) => {
                  const properties = compactJson(event.properties);
                  const full = compactJson(event.properties, Infinity);
                  return (
                    <Table.Tr key={event.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" c="dimmed">
                          {formatDateTime(event.createdAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Code>{event.name}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{event.email ?? event.uid ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        {event.teamUID && teamNames.has(event.teamUID) ? (
                          <Tooltip label={event.teamUID}>
                            <Text size="sm">{teamNames.get(event.teamUID)}</Text>
                          </Tooltip>
                        ) : (
                          <Text size="sm" ff="monospace" c="dimmed">
                            {event.teamUID ?? '—'}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td maw={360}>
                        <Tooltip
                          label={full}
                          disabled={full === properties}
                          multiline
                          maw={480}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          <Text size="xs" ff="monospace" truncate="end">
                            {properties}
                          </Text>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
