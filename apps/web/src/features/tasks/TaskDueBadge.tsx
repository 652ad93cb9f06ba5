import { Badge, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { useOptionalCurrentTeam, useCurrentUser } from '../session/CurrentUser';
import { useDueCounts } from './api';
import { shortCount } from './tasksView';

/**
 * The Tasks navigation item's counts: overdue (red) and due today (teal), live through the
 * realtime stream (task changes make them stale) and refreshed every few minutes for midnight.
 * Also gives a person without a time zone the browser's, once, so "today" is theirs.
 */
export function TaskDueBadge() {
  const team = useOptionalCurrentTeam();
  if (!team) return null;
  return <Counts teamUID={team.teamUID} />;
}

function Counts({ teamUID }: { teamUID: string }) {
  const me = useCurrentUser();
  const due = useDueCounts(teamUID);
  const asked = useRef(false);
  useEffect(() => {
    if (me.timeZone || asked.current) return;
    asked.current = true;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone)
      void api.patch('/api/me', { timeZone: zone }).then(
        () => due.refetch(),
        () => undefined,
      );
  }, [me.timeZone, due]);
  if (!due.data || (due.data.today === 0 && due.data.overdue === 0)) return null;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      aria-label={`${due.data.overdue} overdue, ${due.data.today} due today`}
    >
      {due.data.overdue > 0 && (
        <Badge size="sm" color="red" variant="filled" circle={due.data.overdue < 10}>
          {shortCount(due.data.overdue)}
        </Badge>
      )}
      {due.data.today > 0 && (
        <Badge size="sm" color="teal" variant="light" circle={due.data.today < 10}>
          {shortCount(due.data.today)}
        </Badge>
      )}
    </Group>
  );
}
