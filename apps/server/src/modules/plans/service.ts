import {
  activeWorkflowQuota,
  contactQuota,
  FEATURE_FLAGS,
  FEATURES,
  hasFeature,
  isFeatureFlagEnabled,
  memberQuota,
  subscriptionAllowsUse,
  subscriptionStatus,
  tierLimits,
  type Feature,
  type SubscriptionLike,
  DomainError,
  notFound,
} from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { OneTeamScope, TeamScope } from '../../db/scope';
import type { Tx, Db } from '../../db/tx';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';

/**
 * Plans (SPEC §6, §9): every rule comes from packages/core; this module only reads the team's
 * subscription and flags, counts usage, and turns "over the limit" into an error a person can
 * act on.
 */

/** Features that need a feature flag on top of the plan (SPEC §6). */
const FLAG_FOR: Partial<Record<Feature, string>> = {
  facebook_bulk_messaging: FEATURE_FLAGS.facebookBulkMessaging,
  instagram_bulk_messaging: FEATURE_FLAGS.instagramBulkMessaging,
  facebook_auto_responder: FEATURE_FLAGS.facebookAutoResponder,
};

const FEATURE_NAMES: Record<Feature, string> = {
  facebook_auto_responder: 'the Facebook auto-responder',
  facebook_bulk_messaging: 'Facebook bulk messaging',
  instagram_bulk_messaging: 'Instagram bulk messaging',
  facebook_access: 'Facebook',
  instagram_access: 'Instagram',
  linkedin_access: 'LinkedIn',
  ai_message_generator: 'the AI message generator',
  two_way_sync: 'two-way sync',
};

export interface Limits {
  contacts: number;
  seats: number;
  pipelines: number;
}

function limitsOf(sub: SubscriptionLike | null): Limits {
  return {
    contacts: contactQuota(sub),
    seats: memberQuota(sub),
    pipelines: sub ? tierLimits(sub.tier).pipelines : 0,
  };
}

/** A feature is on when the plan includes it and, where SPEC §6 gates it by a flag, the flag is on. */
export function featureEnabled(
  sub: SubscriptionLike | null,
  flags: Record<string, unknown>,
  feature: Feature,
): boolean {
  const flag = FLAG_FOR[feature];
  return hasFeature(sub, feature) && (flag === undefined || isFeatureFlagEnabled(flags, flag));
}

/** The stored flags as the rules read them (a "dev-" flag is never on, whatever is stored). */
export function effectiveFlags(flags: Record<string, unknown>): Record<string, boolean> {
  const names = new Set([...Object.values(FEATURE_FLAGS), ...Object.keys(flags)]);
  return Object.fromEntries([...names].sort().map((n) => [n, isFeatureFlagEnabled(flags, n)]));
}

async function planOf(scope: OneTeamScope, db: AppDb, lock = false) {
  const plan = await repo.readPlan(scope, db, { lock });
  if (!plan) throw notFound('Team not found');
  return plan;
}

const sub = (plan: repo.PlanRow) => plan.subscription as SubscriptionLike | null;

/** Throws 429 unless `adding` more contacts fit in the plan. Call inside the creating transaction. */
export async function assertContactQuota(tx: Tx, scope: TeamScope, adding: number) {
  const plan = await planOf(scope, tx.db, true);
  const quota = contactQuota(sub(plan));
  const { contacts } = await repo.countUsage(scope, tx.db);
  if (contacts + adding > quota) {
    throw new DomainError(
      'resource-exhausted',
      `Your plan includes ${quota} contacts and the team has ${contacts}` +
        (adding > 1 ? `, so ${adding} more do not fit` : '') +
        '. Delete contacts or add contact blocks to your plan.',
    );
  }
}

/** Throws 429 unless one more pipeline fits in the plan's tier limit. */
export async function assertPipelineQuota(tx: Tx, scope: TeamScope) {
  const plan = await planOf(scope, tx.db, true);
  const limit = limitsOf(sub(plan)).pipelines;
  const { pipelines } = await repo.countUsage(scope, tx.db);
  if (pipelines + 1 > limit) {
    throw new DomainError(
      'resource-exhausted',
      `Your plan includes ${limit} pipelines and all are in use. Delete a pipeline or upgrade your plan.`,
    );
  }
}

/**
 * Throws 429 unless one more workflow may be active. The team row is locked first and
 * `countActive` counts after it, so two publishes cannot both take the last place.
 */
export async function assertActiveWorkflowQuota(
  tx: Tx,
  scope: TeamScope,
  countActive: () => Promise<number>,
) {
  const plan = await planOf(scope, tx.db, true);
  const cap = activeWorkflowQuota(sub(plan));
  if ((await countActive()) + 1 > cap) {
    throw new DomainError(
      'resource-exhausted',
      `Your plan includes ${cap} active workflow${cap === 1 ? '' : 's'} and all are in use. ` +
        'Pause one or upgrade your plan.',
    );
  }
}

/** The seat-quota message of docs/api.md. */
export function seatsTakenMessage(quota: number) {
  return (
    `Your plan includes ${quota} team member${quota === 1 ? '' : 's'} and all seats are taken. ` +
    'Remove a member or add seats to invite more.'
  );
}

/**
 * Throws 429 unless `adding` more seats fit (members other than the owner plus pending
 * invitations count). Locks the team row first, so concurrent invitations queue here and the
 * last free seat goes to exactly one of them. `adding = 0` checks the team is not over its
 * quota (accepting an invitation, whose seat is already held).
 */
export async function assertSeatAvailable(tx: Tx, scope: OneTeamScope, adding = 1) {
  const plan = await planOf(scope, tx.db, true);
  const quota = memberQuota(sub(plan));
  const { seats } = await repo.countUsage(scope, tx.db);
  if (seats + adding > quota) throw new DomainError('resource-exhausted', seatsTakenMessage(quota));
}

/** The team's subscription and flags, for rules in core that weigh both (outreach gating). */
export async function planAndFlags(db: Db, scope: OneTeamScope) {
  const plan = await planOf(scope, db.db);
  return { subscription: sub(plan), flags: plan.featureFlags };
}

/** Throws 403 unless the plan (and, where the spec says so, the team's flag) enables `feature`. */
export async function assertFeature(tx: Tx, scope: TeamScope, feature: Feature) {
  const plan = await planOf(scope, tx.db);
  if (!featureEnabled(sub(plan), plan.featureFlags, feature)) {
    throw new DomainError(
      'permission-denied',
      `Your plan does not include ${FEATURE_NAMES[feature]}. Upgrade your plan to use it.`,
    );
  }
}

/** Everything the billing view and the admin team screen show about a plan. */
export async function planSummary(scope: OneTeamScope, db: AppDb) {
  const plan = await planOf(scope, db);
  const s = sub(plan);
  return {
    subscription: plan.subscription ?? {},
    status: subscriptionStatus(plan.subscription),
    allowsUse: subscriptionAllowsUse(plan.subscription),
    limits: limitsOf(s),
    usage: await repo.countUsage(scope, db),
    features: Object.fromEntries(
      FEATURES.map((f) => [f, featureEnabled(s, plan.featureFlags, f)]),
    ) as Record<Feature, boolean>,
    flags: effectiveFlags(plan.featureFlags),
  };
}

/** GET /api/teams/:teamUID/billing: owners and admins. */
export async function getBilling(db: Db, scope: TeamScope) {
  requireRole(scope, ...MANAGERS);
  return planSummary(scope, db.db);
}

/**
 * The plan's half of GET /api/teams/:teamUID/validation-info (SPEC §3; the boot module adds the
 * pipelines): members, contact count and subscription. Every member reads it (the app's load
 * step needs it). The billing provider's ids and data stay out of it; `status` is the resolved
 * base status the navigation guard checks.
 */
export async function planValidationInfo(db: Db, scope: TeamScope) {
  const plan = await planOf(scope, db.db);
  const usage = await repo.countUsage(scope, db.db);
  const { stripeData: _stripe, subIds: _ids, ...subscription } = plan.subscription ?? {};
  return {
    members: await repo.membersWithRoles(scope, db.db),
    contactCount: usage.contacts,
    subscription: {
      ...subscription,
      status: subscriptionStatus(plan.subscription),
      contactCount: usage.contacts,
    },
  };
}
