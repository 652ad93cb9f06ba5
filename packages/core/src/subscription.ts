/** Subscription tiers, quotas and feature gating (SPEC §6, §9). */

export interface TierLimits {
  /** Tier value 1–4, or 0 for an unknown tier. */
  tier: number;
  name: string;
  seats: number;
  /** Pipelines allowed under the legacy rule. */
  pipelines: number;
  contacts: number;
  /** Workflows that may be active (published, not paused) at once. */
  activeWorkflows: number;
}

/**
 * SPEC §9 tier table. Tier 4 carries the name "pro" too, with a larger contact limit.
 *
 * Workflows are on every plan; what grows with the tier is how many may be active at once
 * (drafts and paused ones do not count): 3 on basic (a welcome, a follow-up and one more), 10 on
 * premier, 25 and 50 on the two pro tiers, in step with their seats and contacts. The caps bound
 * the work one team's events start, not what a workflow may do.
 */
export const TIERS: Readonly<Record<1 | 2 | 3 | 4, TierLimits>> = {
  1: { tier: 1, name: 'basic', seats: 1, pipelines: 10, contacts: 5_000, activeWorkflows: 3 },
  2: { tier: 2, name: 'premier', seats: 3, pipelines: 10, contacts: 10_000, activeWorkflows: 10 },
  3: { tier: 3, name: 'pro', seats: 6, pipelines: 10, contacts: 25_000, activeWorkflows: 25 },
  4: { tier: 4, name: 'pro', seats: 6, pipelines: 10, contacts: 40_000, activeWorkflows: 50 },
};

/** Limits for any other tier value: nothing. */
export const NO_TIER: TierLimits = {
  tier: 0,
  name: 'none',
  seats: 0,
  pipelines: 0,
  contacts: 0,
  activeWorkflows: 0,
};

/** A tier as stored: a number, or `{ value, name }` as in the Subscription entity. */
export type TierInput = number | { value?: unknown; name?: unknown } | null | undefined;

/**
 * The numeric tier 1–4, or 0 for "any other value". Only integers count: a string such as
 * "2" is not a tier (the store writes numbers), so it cannot unlock anything by accident.
 */
export function tierValue(tier: unknown): number {
  const raw =
    tier !== null && typeof tier === 'object' ? (tier as { value?: unknown }).value : tier;
  return raw === 1 || raw === 2 || raw === 3 || raw === 4 ? raw : 0;
}

/** The limits of a tier; any other value gets 0 everywhere. */
export function tierLimits(tier: unknown): TierLimits {
  const value = tierValue(tier);
  return value === 0 ? NO_TIER : TIERS[value as 1 | 2 | 3 | 4];
}

/** The subscription fields that quotas and gating read. */
export interface SubscriptionLike {
  tier?: TierInput;
  includedContacts?: number | null;
  includedSeats?: number | null;
  addons?: { contactBlocks?: number | null; teamMembers?: number | null } | null;
  platforms?: Partial<Record<string, { level?: string | null } | null>> | null;
  features?: Record<string, unknown> | null;
}

/** A count field: a finite non-negative number, else 0 (missing or corrupt data adds nothing). */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Contacts the team may hold: includedContacts + add-on contactBlocks (SPEC §9). When
 * includedContacts is missing, the tier's contact limit stands in for it.
 */
export function contactQuota(sub: SubscriptionLike | null | undefined): number {
  if (!sub) return 0;
  const included =
    typeof sub.includedContacts === 'number'
      ? count(sub.includedContacts)
      : tierLimits(sub.tier).contacts;
  return included + count(sub.addons?.contactBlocks);
}

/**
 * Team members the owner may invite: includedSeats − 1 (the owner's own seat) + add-on
 * teamMembers (SPEC §9), never below 0. When includedSeats is missing, the tier's seats
 * stand in for it.
 */
export function memberQuota(sub: SubscriptionLike | null | undefined): number {
  if (!sub) return 0;
  const seats =
    typeof sub.includedSeats === 'number' ? count(sub.includedSeats) : tierLimits(sub.tier).seats;
  return Math.max(0, seats - 1 + count(sub.addons?.teamMembers));
}

/** Workflows the team may have active at once: its tier's cap (no subscription: none). */
export function activeWorkflowQuota(sub: SubscriptionLike | null | undefined): number {
  return sub ? tierLimits(sub.tier).activeWorkflows : 0;
}

/** Features gated by the subscription (SPEC §6). */
export const FEATURES = [
  'facebook_auto_responder',
  'facebook_bulk_messaging',
  'instagram_bulk_messaging',
  'facebook_access',
  'instagram_access',
  'linkedin_access',
  'ai_message_generator',
  'two_way_sync',
] as const;
export type Feature = (typeof FEATURES)[number];

function platformLevel(sub: SubscriptionLike, platform: string): string | null {
  const entry = sub.platforms?.[platform];
  return entry ? (entry.level ?? '').toLowerCase() : null;
}

/** The legacy rules of SPEC §6, used when the subscription has no features map. */
function legacyHasFeature(sub: SubscriptionLike, feature: Feature): boolean {
  switch (feature) {
    case 'facebook_auto_responder':
    case 'facebook_bulk_messaging':
      return platformLevel(sub, 'facebook') === 'pro';
    case 'instagram_bulk_messaging':
      return platformLevel(sub, 'instagram') === 'pro';
    case 'facebook_access':
      return platformLevel(sub, 'facebook') !== null;
    case 'instagram_access':
      return platformLevel(sub, 'instagram') !== null;
    case 'linkedin_access':
      return platformLevel(sub, 'linkedin') !== null;
    case 'ai_message_generator':
      return tierValue(sub.tier) >= 3;
    case 'two_way_sync':
      return tierValue(sub.tier) >= 2;
  }
}

/**
 * Whether the subscription includes a feature. SPEC §6: the features map wins when present,
 * and then only an explicit `true` grants the feature (a map that omits it denies it);
 * without a map, the legacy rules decide.
 */
export function hasFeature(sub: SubscriptionLike | null | undefined, feature: Feature): boolean {
  if (!sub) return false;
  if (sub.features && typeof sub.features === 'object') return sub.features[feature] === true;
  return legacyHasFeature(sub, feature);
}
