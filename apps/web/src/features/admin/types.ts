import type { AdminTeamDetailAnswer } from '@leadloom/core';
import type { SubscriptionData } from '../profile/types';

/** Users, team rows and the mail log: core's contracts. */
export type { AdminTeamRow, AdminUser, MailMessage } from '@leadloom/core';

/**
 * GET /api/admin/teams/:teamUID: core's contract; its subscription read as the plan editor
 * reads it.
 */
export type AdminTeamDetail = Omit<AdminTeamDetailAnswer, 'subscription'> & {
  subscription: SubscriptionData;
};
