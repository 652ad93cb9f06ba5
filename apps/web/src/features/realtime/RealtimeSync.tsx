import { useOptionalCurrentTeam } from '../session/CurrentUser';
import { useRealtime } from './useRealtime';

/** Mounted once in the layout of signed-in users: keeps the current team's screens live. */
export function RealtimeSync() {
  useRealtime(useOptionalCurrentTeam()?.teamUID);
  return null;
}
