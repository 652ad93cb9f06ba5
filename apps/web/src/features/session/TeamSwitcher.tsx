import { matchRouteWithParams } from '@leadloom/core';
import { Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconUsers } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useOptionalCurrentTeam } from './CurrentUser';

/** Route params that name something inside one team: after a switch they mean nothing. */
const TEAM_SCOPED_PARAMS = ['pipelineID', 'stageUID', 'GTID'];

/** Where to go after switching team: stay, unless the page shows one of the old team's things. */
export function pathAfterTeamSwitch(pathname: string): string | null {
  const { params } = matchRouteWithParams(pathname);
  return TEAM_SCOPED_PARAMS.some((name) => params[name] !== undefined) ? '/' : null;
}

/** Header menu: this tab's team, and the user's other teams with their role. */
export function TeamSwitcher() {
  const current = useOptionalCurrentTeam();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!current) return null;

  function choose(teamUID: string) {
    if (!current || teamUID === current.teamUID) return;
    current.switchTeam(teamUID);
    const to = pathAfterTeamSwitch(pathname);
    if (to) void navigate(to);
  }

  return (
    <Menu width={280} position="bottom-start">
      <Menu.Target>
        <UnstyledButton
          aria-label={`Current team: ${current.team.name}. Switch team`}
          px="xs"
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group gap={6} wrap="nowrap">
            <IconUsers size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm" fw={500} truncate maw={220}>
              {current.team.name}
            </Text>
            <IconChevronDown size={14} stroke={1.6} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Teams · this tab</Menu.Label>
        {current.teams.map((team) => {
          const selected = team.teamUID === current.teamUID;
          return (
            <Menu.Item
              key={team.teamUID}
              onClick={() => choose(team.teamUID)}
              aria-current={selected ? 'true' : undefined}
              leftSection={
                <IconCheck
                  size={16}
                  stroke={1.8}
                  style={{ visibility: selected ? 'visible' : 'hidden' }}
                  aria-hidden
                />
              }
              rightSection={
                <Badge size="xs" color={team.role === 'member' ? 'gray' : undefined}>
                  {team.role}
                </Badge>
              }
            >
              <Text size="sm" fw={selected ? 600 : 400} truncate>
                {team.name}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
