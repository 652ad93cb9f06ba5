import { teamSystemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { JobNotQueuedError } from '../../jobs/boss';
import type { Services } from '../../services';
import * as repo from './repo';

/**
 * Member-data sync (SPEC §7: "if members are missing, start a member data sync"). The
 * validation info reads the team's members from better-auth's `member` table; when that list
 * comes back without the team's owner (or empty), the rows are out of step with `team`. This
 * job repairs them: the owner gets its member row back (role owner), and pipeline access rows
 * of people who are no longer members are dropped so they cannot resurface on a re-invite.
 */
export const MEMBER_SYNC_QUEUE = 'member-sync';

export interface MemberSyncResult {
  ownerRepaired: boolean;
  strayAccessRemoved: number;
}

/** "Members are missing": none at all, or none holding the owner role. */
export function membersIncomplete(members: readonly { role: string }[]): boolean {
  return !members.some((m) => m.role === 'owner');
}

/** One team's repair, in one transaction; idempotent, so a retried job is harmless. */
export async function syncTeamMembers(
  services: Pick<Services, 'database'>,
  teamUID: string,
): Promise<MemberSyncResult> {
  const scope = teamSystemScope('member-sync', teamUID);
  return withTx(services.database, scope, async (tx) => {
    const owner = await repo.existingOwnerOf(scope, tx.db);
    const ownerRepaired = owner ? await repo.repairOwnerMember(scope, tx.db, owner) : false;
    const strayAccessRemoved = await repo.deleteStrayPipelineAccess(scope, tx.db);
    return { ownerRepaired, strayAccessRemoved };
  });
}

/**
 * Queues a sync for the team. The singleton key keeps one waiting job per team however many
 * tabs boot at once.
 */
export async function requestMemberSync(services: Pick<Services, 'jobs'>, teamUID: string) {
  try {
    await services.jobs.send(MEMBER_SYNC_QUEUE, { teamUID }, { singletonKey: teamUID });
  } catch (error) {
    // Not queued = a sync for this team is already waiting: that one will do.
    if (!(error instanceof JobNotQueuedError)) throw error;
  }
}

/** Starts the worker; jobs carry `{teamUID}`. */
export async function workMemberSync(services: Services): Promise<void> {
  await services.jobs.boss.work<{ teamUID: string }>(
    MEMBER_SYNC_QUEUE,
    { pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) {
        const result = await syncTeamMembers(services, job.data.teamUID);
        services.logger.info({ teamUID: job.data.teamUID, ...result }, 'member sync done');
      }
    },
  );
}
