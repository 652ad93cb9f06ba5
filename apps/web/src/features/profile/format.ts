/** Pure display helpers of the profile screens (unit-tested in format.test.ts). */
import {
  FEATURES,
  isAllowedSubscriptionStatus,
  QUEUE_PLATFORMS,
  tierLimits,
  tierValue,
} from '@leadloom/core';
import type { PipelineOption, Seats, SubscriptionData } from './types';

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numberFormat.format(Number.isFinite(value) ? value : 0);
}

/** "3 of 5 seats used". */
export function seatsText(seats: Seats): string {
  return `${formatCount(seats.used)} of ${formatCount(seats.quota)} ${seats.quota === 1 ? 'seat' : 'seats'} used`;
}

export function seatsFull(seats: Seats): boolean {
  return seats.used >= seats.quota;
}

/** Share of a limit in use, 0–100; a zero limit with anything used counts as full. */
export function usagePercent(used: number, limit: number): number {
  if (!Number.isFinite(used) || used <= 0) return 0;
  if (!Number.isFinite(limit) || limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** Calm until 80 %, then a warning, and red at the limit. */
export function usageColor(used: number, limit: number): string {
  const percent = usagePercent(used, limit);
  if (used > 0 && used >= limit) return 'red';
  return percent >= 80 ? 'yellow' : 'loom';
}

/** "1,234 of 5,000". */
export function formatUsage(used: number, limit: number): string {
  return `${formatCount(used)} of ${formatCount(limit)}`;
}

/** "past_due" → "Past due". */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown';
}

/** Statuses that allow use are green-ish; everything else is red. */
export function statusColor(status: string): string {
  if (!isAllowedSubscriptionStatus(status)) return 'red';
  if (status === 'trialing') return 'teal';
  if (status === 'past_due') return 'lime';
  return 'green';
}

/** "Tier 2 · Premier"; the stored name wins over the table's. */
export function tierLabel(tier: SubscriptionData['tier']): string {
  const value = tierValue(tier);
  const stored = tier !== null && typeof tier === 'object' ? tier.name : undefined;
  const name = typeof stored === 'string' && stored ? stored : tierLimits(tier).name;
  if (value === 0) return 'No tier';
  return `Tier ${value} · ${name[0]!.toUpperCase()}${name.slice(1)}`;
}

/** A date for people: "Mar 3, 2026"; '' when missing or unreadable. Epoch seconds are accepted. */
export function formatDate(value: string | number | null | undefined, timeZone?: string): string {
  const ms = toEpochMs(value);
  if (ms === null) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(ms);
}

/** "Mar 3, 2026, 14:05". */
export function formatDateTime(value: string | number | null | undefined, timeZone?: string) {
  const ms = toEpochMs(value);
  if (ms === null) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(ms);
}

export function toEpochMs(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Billing providers count in seconds; anything before 2001 in ms is surely seconds.
    return value < 1e12 ? value * 1000 : value;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** The end of a trial, wherever the subscription keeps it. */
export function trialEndOf(sub: SubscriptionData | null | undefined): number | null {
  if (!sub) return null;
  const baseSub = sub.stripeData?.baseSub as Record<string, unknown> | null | undefined;
  const candidates = [sub.trialEnd, sub.trialEndsAt, baseSub?.trialEnd, baseSub?.trial_end];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' || typeof candidate === 'number') {
      const ms = toEpochMs(candidate);
      if (ms !== null) return ms;
    }
  }
  return null;
}

/** "All pipelines", the pipelines' names, or "No pipelines". */
export function pipelineAccessLabel(
  pipelines: 'all' | readonly string[],
  options: readonly PipelineOption[],
): string {
  if (pipelines === 'all') return 'All pipelines';
  if (pipelines.length === 0) return 'No pipelines';
  const names = new Map(options.map((p) => [p.groupUID, p.nickName]));
  const known = pipelines.flatMap((uid) => names.get(uid) ?? []);
  const hidden = pipelines.length - known.length;
  if (known.length === 0) return `${hidden} ${hidden === 1 ? 'pipeline' : 'pipelines'}`;
  return hidden > 0 ? `${known.join(', ')} +${hidden} more` : known.join(', ');
}

export function roleColor(role: string): string {
  return role === 'owner' ? 'loom' : role === 'admin' ? 'blue' : 'gray';
}

export function capitalize(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

const WORD_CASE: Record<string, string> = { ai: 'AI', linkedin: 'LinkedIn' };

/** "facebook_auto_responder" → "Facebook auto responder"; "ai_message_generator" → "AI message generator". */
export function featureLabel(name: string): string {
  const words = name.split(/[_-]+/).filter(Boolean);
  return words.map((word, i) => WORD_CASE[word] ?? (i === 0 ? capitalize(word) : word)).join(' ');
}

export interface PlatformRow {
  platform: string;
  label: string;
  level: string | null;
}

/** Facebook, Instagram and LinkedIn with their levels (null = not included). */
export function platformRows(sub: SubscriptionData | null | undefined): PlatformRow[] {
  return QUEUE_PLATFORMS.map((platform) => {
    const entry = sub?.platforms?.[platform];
    const level = entry ? (entry.level ?? '').toLowerCase() || 'basic' : null;
    return { platform, label: PLATFORM_LABELS[platform] ?? capitalize(platform), level };
  });
}

const PLATFORM_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

/** Every known feature, then any other the map names, with whether it is on. */
export function featureRows(features: Record<string, boolean> | null | undefined) {
  const names = [...FEATURES, ...Object.keys(features ?? {}).filter((n) => !isKnownFeature(n))];
  return names.map((name) => ({
    name,
    label: featureLabel(name),
    enabled: features?.[name] === true,
  }));
}

function isKnownFeature(name: string): boolean {
  return (FEATURES as readonly string[]).includes(name);
}

/** The IANA time zones of this browser, with `current` kept even if the list lacks it. */
export function timeZoneOptions(current?: string | null): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  if (!all.has('UTC')) zones = ['UTC', ...zones];
  if (current && !all.has(current) && current !== 'UTC') zones = [current, ...zones];
  return zones;
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The server's field error, or a better-auth password code, mapped to one of `fields`. */
export function fieldOfError<F extends string>(
  error: { field?: string | undefined; status?: string } | null | undefined,
  fields: readonly F[],
): F | null {
  if (!error) return null;
  const field = error.field?.split('.').pop();
  if (field && (fields as readonly string[]).includes(field)) return field as F;
  const status = error.status ?? '';
  if (
    /^INVALID_PASSWORD$|CURRENT_PASSWORD/i.test(status) &&
    fields.includes('currentPassword' as F)
  )
    return 'currentPassword' as F;
  if (/PASSWORD_TOO_(SHORT|LONG)/i.test(status) && fields.includes('newPassword' as F))
    return 'newPassword' as F;
  return null;
}
