import { Badge } from '@mantine/core';
import { shortCount } from '../tasks/tasksView';
import { useOptionalCurrentTeam } from '../session/CurrentUser';
import { useQueueStatus } from './api';

/**
 * The Messages navigation item's count: messages teammates queued for the signed-in member that
 * wait for their review (nothing is sent before they approve). Live: a queue change makes the
 * status stale through the realtime stream.
 */
export function ReviewBadge() {
  const team = useOptionalCurrentTeam();
  if (!team) return null;
  return <ReviewCount teamUID={team.teamUID} />;
}

function ReviewCount({ teamUID }: { teamUID: string }) {
  const status = useQueueStatus(teamUID);
  const pending = (status.data ?? []).reduce((sum, p) => sum + p.queue.pending, 0);
  if (pending === 0) return null;
  return (
    <Badge
      size="sm"
      color="yellow"
      variant="filled"
      circle={pending < 10}
      aria-label={`${pending} to review`}
    >
      {shortCount(pending)}
    </Badge>
  );
}
