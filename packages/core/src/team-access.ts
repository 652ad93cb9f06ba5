/** The logged user's role and visible pipelines (SPEC §6; DESIGN §4 "Pipeline access"). */

export interface TeamMemberRef {
  uid: string;
  role?: string | null;
}

/** The user's role in the team, read from the members list; null when not a member. */
export function roleInTeam(members: readonly TeamMemberRef[] | null | undefined, uid: string) {
  return members?.find((member) => member.uid === uid)?.role ?? null;
}

/** Roles that see every pipeline of the team (DESIGN §4). */
export const ALL_PIPELINES_ROLES = ['owner', 'admin'] as const;

/** Per team: the list of pipeline group UIDs, or a map of group UID → true. */
export type GroupAccess = Readonly<
  Record<string, readonly string[] | Readonly<Record<string, unknown>> | null | undefined>
>;

/** The group UIDs a groupAccess entry grants (only explicit `true` values of a map count). */
export function groupAccessFor(groupAccess: GroupAccess | null | undefined, teamUID: string) {
  const entry = groupAccess?.[teamUID];
  if (!entry) return [];
  if (Array.isArray(entry)) return entry.filter((uid): uid is string => typeof uid === 'string');
  return Object.entries(entry)
    .filter(([, value]) => value === true)
    .map(([uid]) => uid);
}

/**
 * The pipelines the user may see: all for owners and admins; for anyone else only those
 * listed in groupAccess for the current team. No entry means no pipelines (least privilege:
 * the invitation writes the entry). The pipelines' own order is kept.
 */
export function visiblePipelines<T extends { groupUID: string }>(
  pipelines: readonly T[],
  input: {
    role: string | null | undefined;
    groupAccess: GroupAccess | null | undefined;
    teamUID: string;
  },
): T[] {
  if (input.role && (ALL_PIPELINES_ROLES as readonly string[]).includes(input.role)) {
    return [...pipelines];
  }
  const allowed = new Set(groupAccessFor(input.groupAccess, input.teamUID));
  return pipelines.filter((pipeline) => allowed.has(pipeline.groupUID));
}

/**
 * Items sorted by their `order` field (status options, tag sets, pipelines: SPEC §3). The sort
 * is stable; items without a numeric order go last, in their original order.
 */
export function sortByOrder<T extends { order?: number | null }>(items: readonly T[]): T[] {
  const rank = (item: T) =>
    typeof item.order === 'number' && Number.isFinite(item.order) ? item.order : Infinity;
  return [...items].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra === rb ? 0 : ra < rb ? -1 : 1;
  });
}
