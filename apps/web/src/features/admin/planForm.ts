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
 * The subscription to PUT for a form. Fields the form does not edit (subIds, stripeData,
 * contactCount, …) are kept from `base`; the billing provider's base status is set too,
 * since it wins over `status` when present (core `subscriptionStatus`).
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
    ...(base ?? {}),
    status: form.status,
    tier: { value: tier, name: TIERS[tier as 1 | 2 | 3 | 4].name },
    includedContacts: Math.max(0, Math.floor(form.includedContacts)),
    includedSeats: Math.max(0, Math.floor(form.includedSeats)),
    addons: {
      ...(base?.addons ?? {}),
      contactBlocks: Math.max(0, Math.floor(form.contactBlocks)),
      teamMembers: Math.max(0, Math.floor(form.teamMembers)),
    },
    platforms,
  };
  if (form.customFeatures) next.features = { ...form.features };
  else delete next.features;
  const baseSub = base?.stripeData?.baseSub;
  if (baseSub && base?.stripeData) {
    next.stripeData = { ...base.stripeData, baseSub: { ...baseSub, status: form.status } };
  }
  return next;
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

/** Why a new flag name cannot be added, or null when it can. */
export function flagNameProblem(
  name: string,
  flags: Readonly<Record<string, boolean>>,
): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a flag name';
  if (!/^[A-Za-z0-9_.-]+$/.test(trimmed)) return 'Use letters, digits, "_", "-" or "." only';
  if (Object.hasOwn(flags, trimmed) || NAMED_FLAGS.includes(trimmed))
    return 'This flag is already in the list';
  return null;
}
