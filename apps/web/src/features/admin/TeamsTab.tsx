import { Anchor, Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { StateMessage } from '../../ui/StateMessage';
import { QueryError } from '../../ui/QueryError';
import { TableSkeleton } from '../../ui/Skeletons';
import { formatCount, statusColor, statusLabel, tierLabel } from '../profile/format';
import { useAdminTeams } from './api';
import { SearchBox } from './SearchBox';
import { TeamDrawer } from './TeamDrawer';

export function TeamsTab() {
  const [q, setQ] = useState('');
  const teams = useAdminTeams(q);
  // The open team lives in the URL (?team=…), so it survives a reload and can be linked.
  const [params, setParams] = useSearchParams();
  const openTeam = params.get('team');
  const setOpenTeam = (teamUID: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (teamUID) next.set('team', teamUID);
      else next.delete('team');
      return next;
    });

  return (
    <Stack gap="sm">
      <SearchBox
        label="Search teams"
        placeholder="Search by team name or owner e-mail"
        onSearch={setQ}
        busy={teams.isFetching && !teams.isPending}
      />
      <Paper p={0}>
        {teams.isPending ? (
          <TableSkeleton columns={5} />
        ) : teams.isError ? (
          <QueryError title="Couldn't load teams" query={teams} />
        ) : teams.data.teams.length === 0 ? (
          <StateMessage icon={<IconBuildingCommunity size={24} />} title="No teams found">
            {q ? `No team matches "${q}".` : 'There are no teams yet.'}
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="xs" stickyHeader highlightOnHover aria-label="Teams">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Team</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th ta="right">Members</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Tier</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {teams.data.teams.map((team) => (
                  <Table.Tr
                    key={team.teamUID}
                    onClick={() => setOpenTeam(team.teamUID)}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        fw={500}
                        aria-label={`Open team ${team.name}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setOpenTeam(team.teamUID);
                        }}
                      >
                        {team.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{team.ownerEmail ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{formatCount(team.members)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={statusColor(team.status)}>{statusLabel(team.status)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{tierLabel(team.tier)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <TeamDrawer teamUID={openTeam} onClose={() => setOpenTeam(null)} />
    </Stack>
  );
}
