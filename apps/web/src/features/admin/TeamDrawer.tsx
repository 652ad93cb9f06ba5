import {
  Badge,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { contactQuota, memberQuota, subscriptionStatus, tierLimits } from '@leadloom/core';
import { QueryError } from '../../ui/QueryError';
import {
  capitalize,
  formatDate,
  formatUsage,
  statusColor,
  statusLabel,
  tierLabel,
} from '../profile/format';
import { useAdminTeam } from './api';
import { FlagsEditor } from './FlagsEditor';
import { PlanEditor } from './PlanEditor';
import type { AdminTeamDetail } from './types';

/** One team of the admin area: members, invitations, usage, plan and feature flags. */
export function TeamDrawer({ teamUID, onClose }: { teamUID: string | null; onClose: () => void }) {
  const team = useAdminTeam(teamUID);
  const name = team.data?.team.name;
  return (
    <Drawer
      opened={teamUID !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Title order={2} size="h3">
          {name ?? 'Team'}
        </Title>
      }
    >
      {team.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={80} />
          <Skeleton height={160} />
          <Skeleton height={240} />
        </Stack>
      ) : team.isError ? (
        <QueryError title="Couldn't load the team" query={team} />
      ) : (
        <TeamDetail key={team.data.team.teamUID} detail={team.data} />
      )}
    </Drawer>
  );
}

function TeamDetail({ detail }: { detail: AdminTeamDetail }) {
  const sub = detail.subscription;
  const status = subscriptionStatus(sub);
  const usage = detail.usage ?? {};
  const limits = detail.limits ?? {
    contacts: contactQuota(sub),
    seats: memberQuota(sub),
    pipelines: tierLimits(sub?.tier).pipelines,
  };
  const pending = detail.invitations.filter((i) => i.status === 'pending');

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={statusColor(status)}>{statusLabel(status)}</Badge>
        <Text size="sm">{sub ? tierLabel(sub.tier) : 'No plan'}</Text>
        <Text size="sm" c="dimmed">
          · {detail.team.ownerEmail ?? detail.team.teamUID}
          {detail.team.createdAt ? ` · created ${formatDate(detail.team.createdAt)}` : ''}
        </Text>
      </Group>

      <SimpleGrid cols={3} spacing="sm">
        {(['contacts', 'seats', 'pipelines'] as const).map((key) => (
          <Paper key={key} p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {capitalize(key)}
            </Text>
            <Text size="sm" fw={500}>
              {formatUsage(usage[key] ?? 0, limits[key])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <section aria-labelledby="admin-members-title">
        <Title order={3} size="h4" id="admin-members-title" mb="xs">
          Members ({detail.members.length})
        </Title>
        <Table verticalSpacing="xs" aria-label="Team members" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.members.map((member) => (
              <Table.Tr key={member.uid}>
                <Table.Td>
                  <Text size="sm">{member.name || '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{member.email ?? member.uid}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={member.role === 'owner' ? 'loom' : 'gray'}>
                    {capitalize(member.role)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>

      <section aria-labelledby="admin-invitations-title">
        <Title order={3} size="h4" id="admin-invitations-title" mb="xs">
          Pending invitations ({pending.length})
        </Title>
        {pending.length === 0 ? (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="Pending invitations" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.map((invitation) => (
                <Table.Tr key={invitation.inviteCode}>
                  <Table.Td>
                    <Text size="sm">{invitation.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{capitalize(invitation.role)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatDate(invitation.expiresAt)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <PlanEditor teamUID={detail.team.teamUID} subscription={sub} />
      <FlagsEditor teamUID={detail.team.teamUID} flags={detail.flags ?? {}} />
    </Stack>
  );
}
