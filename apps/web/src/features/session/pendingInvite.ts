import { createTabSlot, type TabSlot } from '../../lib/tabStorage';

/** sessionStorage key of the invite code a visitor arrived with and has not used yet. */
export const PENDING_INVITE_KEY = 'leadloom.pendingInviteCode';

/**
 * The invite code kept while the user signs in (SPEC §4 step 5 hands it to the profile's team
 * tab). Cleared once the invitation is accepted or the guard has passed it on.
 */
export const pendingInviteSlot: TabSlot = createTabSlot(PENDING_INVITE_KEY);
