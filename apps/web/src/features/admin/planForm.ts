/**
 * The admin plan form and its mapping to and from the stored subscription (SPEC §3
 * Subscription). Pure, unit-tested in planForm.test.ts.
 */
import {
  DEV_FLAG_PREFIX,
  FEATURE_FLAGS,
  FEATURES,
  QUEUE_PLATFORMS,
  subscriptionStatus,
  tierLimits,
  tierValue,
  TIERS,
} from '@leadloom/core';
import type { SubscriptionData } from '../profile/types';

/** Stripe-like statuses the admin may set; the first three allow use (SPEC §9). */
export const PLAN_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'incomplete_expired',
  'canceled',
  'unpaid',
  'paused',
] as const;

export const PLATFORM_LEVELS = ['none', 'basic', 'pro'] as const;
export type PlatformLevel = (typeof PLATFORM_LEVELS)[number];
export type PlanPlatform = (typeof QUEUE_PLATFORMS)[number];

export interface PlanForm {
  status: string;
  /** 1–4. */
  tier: number;
  includedContacts: number;
  includedSeats: number;
  contactBlocks: number;
  teamMembers: number;
  platforms: Record<PlanPlatform, PlatformLevel>;
  /** Whether the plan carries its own features map (it then wins over the legacy rules). */
  customFeatures: boolean;
  features: Record<string, boolean>;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.floor(value)
    : null;
}

function levelOf(entry: { level?: string | null } | null | undefined): PlatformLevel {
  if (!entry) return 'none';
  return (entry.level ?? '').toLowerCase() === 'pro' ? 'pro' : 'basic';
}

/** The form for a stored subscription; a team without one starts as a tier-1 trial. */
export function planFormFromSubscription(sub: SubscriptionData | null | undefined): PlanForm {
  const tier = tierValue(sub?.tier) || 1;
  const limits = tierLimits(tier);
  const features: Record<string, boolean> = {};
  for (const name of FEATURES) features[name] = sub?.features?.[name] === true;
  for (const [name, value] of Object.entries(sub?.features ?? {})) features[name] = value === true;
  return {
    status: sub ? subscriptionStatus(sub) : 'trialing',
    tier,
    includedContacts: count(sub?.includedContacts) ?? limits.contacts,
    includedSeats: count(sub?.includedSeats) ?? limits.seats,
    contactBlocks: count(sub?.addons?.contactBlocks) ?? 0,
    teamMembers: count(sub?.addons?.teamMembers) ?? 0,
    platforms: Object.fromEntries(
      QUEUE_PLATFORMS.map((p) => [p, levelOf(sub?.platforms?.[p])]),
    ) as Record<PlanPlatform, PlatformLevel>,
    customFeatures: Boolean(sub?.features && typeof sub.features === 'object'),
    features,
  };
}

/**
 * The subscription to PUT for a form. The server takes exactly the SPEC §3 fields it knows
 * (strict: an unknown field is a 400, and `contactCount` is counted, not set), so the body is
 * built field by field. `subIds` and `stripeData` are kept from `base`; the billing provider's
 * base status is set too, since it wins over `status` when present (core `subscriptionStatus`).
 */
export function subscriptionFromPlanForm(
  form: PlanForm,
  base?: SubscriptionData | null,
): SubscriptionData {
  const tier = tierValue(form.tier) || 1;
  const platforms: Record<string, { level: string }> = {};
  for (const p of QUEUE_PLATFORMS) {
    const level = form.platforms[p];
    if (level !== 'none') platforms[p] = { level };
  }
  const next: SubscriptionData = {
    status: form.status,
    tier: { value: tier, name: TIERS[tier as 1 | 2 | 3 | 4].name },
    includedContacts: wholeCount(form.includedContacts),
    includedSeats: wholeCount(form.includedSeats),
    addons: {
      contactBlocks: wholeCount(form.contactBlocks),
      teamMembers: wholeCount(form.teamMembers),
    },
    platforms,
  };
  if (form.customFeatures) {
    next.features = Object.fromEntries(
      FEATURES.map((name) => [name, form.features[name] === true]),
    );
  }
  const subIds = stringFields(base?.subIds, ['base', 'addon', 'teamItem', 'contactsItem']);
  if (subIds) next.subIds = subIds;
  const baseSub = stringFields(base?.stripeData?.baseSub, ['status', 'createdAt']);
  const addOnSub = stringFields(base?.stripeData?.addOnSub, ['status', 'createdAt']);
  if (baseSub || addOnSub) {
    next.stripeData = {
      ...(baseSub ? { baseSub: { ...baseSub, status: form.status } } : {}),
      ...(addOnSub ? { addOnSub } : {}),
    };
  }
  return next;
}

function wholeCount(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

/** The listed fields of `source` that hold strings, or null when there are none. */
function stringFields(
  source: Record<string, unknown> | null | undefined,
  keys: readonly string[],
): Record<string, string> | null {
  if (!source) return null;
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'string' && value !== '') picked[key] = value;
  }
  return Object.keys(picked).length > 0 ? picked : null;
}

/** The tier table's defaults, applied when the admin picks another tier. */
export function withTierDefaults(form: PlanForm, tier: number): PlanForm {
  const limits = tierLimits(tier);
  return { ...form, tier, includedContacts: limits.contacts, includedSeats: limits.seats };
}

// ---------------------------------------------------------------------------------------------
// Feature flags

export const NAMED_FLAGS: readonly string[] = Object.values(FEATURE_FLAGS);

export interface FlagRow {
  name: string;
  enabled: boolean;
  named: boolean;
  /** "dev-" flags are never enabled, whatever is stored (SPEC §6). */
  dev: boolean;
}

/** The three named flags first, then the team's others by name. */
export function flagRows(flags: Readonly<Record<string, boolean>> | null | undefined): FlagRow[] {
  const stored = flags ?? {};
  const others = Object.keys(stored)
    .filter((name) => !NAMED_FLAGS.includes(name))
    .sort();
  return [...NAMED_FLAGS, ...others].map((name) => ({
    name,
    enabled: stored[name] === true,
    named: NAMED_FLAGS.includes(name),
    dev: name.startsWith(DEV_FLAG_PREFIX),
  }));
}

/** Flag names as the server stores them. */
export const FLAG_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Why a new flag name cannot be added, or null when it can. */
export function flagNameProblem(
  name: string,
  flags: Readonly<Record<string, boolean>>,
): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a flag name';
  if (!FLAG_NAME.test(trimmed))
    return 'Use lower-case letters, digits, "_" and "-" (64 at most), starting with a letter or digit';
  if (Object.hasOwn(flags, trimmed) || NAMED_FLAGS.includes(trimmed))
    return 'This flag is already in the list';
  return null;
}
