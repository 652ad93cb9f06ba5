/** Sync eligibility and targets for outside systems ("connections", SPEC §5). */

/** The per-connection options that switch each kind of sync on. */
export const SYNC_OPTIONS = [
  'syncInfo',
  'syncStages',
  'syncTags',
  'syncTasks',
  'syncNotes',
  'syncGroups',
] as const;
export type SyncOption = (typeof SYNC_OPTIONS)[number];

/** An option in `optionsArr`: a bare enabled name, or a `{ key, value }` pair. */
export type ConnectionOptionEntry = string | { key?: string; name?: string; value?: unknown };

/** The connection fields sync eligibility reads (SPEC §3 "Connection"). */
export interface SyncConnection {
  system?: string;
  status?: string | null;
  isPaused?: boolean | null;
  syncEmailOnly?: boolean | null;
  options?: Readonly<Record<string, unknown>> | null;
  optionsArr?: readonly ConnectionOptionEntry[] | null;
}

export interface SyncContact {
  emailAddress?: string | null;
  phoneNumber?: string | null;
}

/**
 * Whether an option is on. The options map is read first; `optionsArr` (the older list form)
 * is read when the map does not mention the option.
 */
export function isSyncOptionEnabled(connection: SyncConnection, option: SyncOption): boolean {
  const map = connection.options;
  if (map && Object.hasOwn(map, option)) return map[option] === true;
  return (connection.optionsArr ?? []).some((entry) =>
    typeof entry === 'string'
      ? entry === option
      : (entry.key ?? entry.name) === option && entry.value === true,
  );
}

const hasText = (value: string | null | undefined): boolean => !!value && value.trim() !== '';

/**
 * SPEC §5: a change syncs to a connection only if the matching option is on, the connection
 * is neither inactive nor paused, and, with syncEmailOnly, the contact has an e-mail or phone.
 */
export function canSyncTo(
  connection: SyncConnection,
  option: SyncOption,
  contact: SyncContact,
): boolean {
  if (!isSyncOptionEnabled(connection, option)) return false;
  if (connection.status === 'inactive' || connection.isPaused === true) return false;
  if (connection.syncEmailOnly && !hasText(contact.emailAddress) && !hasText(contact.phoneNumber)) {
    return false;
  }
  return true;
}

/** Systems that only take a stage change for a stage mapped to one of theirs (a remoteID). */
export const STAGE_SYNC_NEEDS_REMOTE_ID = ['gohighlevel', 'leadconnector', 'clickfunnels'] as const;
/** Systems that take every stage change. */
export const STAGE_SYNC_ALWAYS = ['gsheet', 'webhooks'] as const;
/** Systems that only take tags mapped to one of theirs (a remoteID). */
export const TAG_SYNC_NEEDS_REMOTE_ID = ['activecampaign', 'clickfunnels'] as const;
/** Systems that take every tag change. */
export const TAG_SYNC_ALWAYS = [
  'gsheet',
  'convertkit',
  'webhooks',
  'kartra',
  'ontraport',
  'gohighlevel',
  'leadconnector',
] as const;

const includes = (list: readonly string[], system: string): boolean =>
  list.includes(system.toLowerCase());

const hasRemoteId = (item: { remoteID?: unknown } | null | undefined): boolean =>
  (typeof item?.remoteID === 'string' && item.remoteID.trim() !== '') ||
  typeof item?.remoteID === 'number';

/**
 * Whether a stage change goes to a system (SPEC §5). Systems the spec does not name get no
 * stage changes: "only to" lists every system that takes them.
 */
export function stageChangeSyncsTo(system: string, stage: { remoteID?: unknown }): boolean {
  if (includes(STAGE_SYNC_ALWAYS, system)) return true;
  return includes(STAGE_SYNC_NEEDS_REMOTE_ID, system) && hasRemoteId(stage);
}

/**
 * The tags of a change that go to a system (SPEC §5): all of them for the "always" systems,
 * only those with a remoteID for activecampaign/clickfunnels, none for systems the spec does
 * not name (they have no tag concept we know how to map).
 */
export function tagsToSyncTo<T extends { remoteID?: unknown }>(
  system: string,
  tags: readonly T[],
): T[] {
  if (includes(TAG_SYNC_ALWAYS, system)) return [...tags];
  if (includes(TAG_SYNC_NEEDS_REMOTE_ID, system)) return tags.filter(hasRemoteId);
  return [];
}

/** Whether a tag change goes to a system at all. */
export function tagChangeSyncsTo(system: string, tags: readonly { remoteID?: unknown }[]): boolean {
  return tagsToSyncTo(system, tags).length > 0;
}

/**
 * Sync queue period and delay (SPEC §9): the period defaults to 0 (missing, negative or not a
 * number), and a delay applies only when the period is greater than 0, in the period's unit.
 */
export function syncQueueTiming(syncPeriod: unknown): { period: number; delayBy: number | null } {
  const raw =
    typeof syncPeriod === 'number'
      ? syncPeriod
      : typeof syncPeriod === 'string' && syncPeriod.trim() !== ''
        ? Number(syncPeriod)
        : Number.NaN;
  const period = Number.isFinite(raw) && raw > 0 ? raw : 0;
  return { period, delayBy: period > 0 ? period : null };
}
