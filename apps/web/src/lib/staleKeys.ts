import type { Resource } from '@leadloom/core';
import { teamKeys } from './teamKeys';

/** A query key (or prefix): a team's keys all start with lib/teamKeys' root. */
export type Key = readonly unknown[];

/** A change-log entry as far as stale keys go (realtime's `Change`). */
export interface ChangeRef {
  teamUID: string;
  resource: string;
  id: string;
  op?: string;
}

/** The keys a change makes stale for one feature; `GTID` is the id's first part. */
export type StaleKeys = (change: ChangeRef & { GTID: string; rest: string[] }) => Key[];

const handlers = new Map<string, StaleKeys[]>();

/**
 * Registers which of a feature's queries go stale when one of `resources` changes. Each feature
 * registers next to its query-key factory (its `api.ts` or `requests.ts`), so a screen's data
 * and its freshness rule live together, and a feature whose code is not loaded has no queries
 * to refresh. Answers a function that takes the registration back (tests).
 */
export function onChangeOf(resources: readonly Resource[], staleKeys: StaleKeys): () => void {
  for (const r of resources) handlers.set(r, [...(handlers.get(r) ?? []), staleKeys]);
  return () => {
    for (const r of resources)
      handlers.set(
        r,
        (handlers.get(r) ?? []).filter((h) => h !== staleKeys),
      );
  };
}

/**
 * The query keys (prefixes) a change makes stale: what the features showing its resource
 * registered, in registration order, each key once. A resource no feature claims (setup: a
 * pipeline, stage, phase, question, tag set, tag or status label, and team-wide resources) makes
 * the whole team stale: their names show on boards, setup screens and contact pages alike.
 */
export function keysForChange(change: ChangeRef): Key[] {
  const registered = handlers.get(change.resource) ?? [];
  if (registered.length === 0) return [teamKeys.all(change.teamUID)];
  const [GTID = '', ...rest] = change.id.split('/');
  const keys = new Map<string, Key>();
  for (const staleKeys of registered)
    for (const key of staleKeys({ ...change, GTID, rest })) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}
