/** The service-wide feature flag overview (GET /api/admin/flags). Pure helpers. */
import { DEV_FLAG_PREFIX, FEATURE_FLAGS } from '@leadloom/core';

export interface FlagTeam {
  teamUID: string;
  name: string;
  enabled: boolean;
}

export interface FlagOverview {
  name: string;
  teams: FlagTeam[];
}

export interface FlagSummary {
  name: string;
  /** One of core's named flags (SPEC §6). */
  named: boolean;
  /** `dev-` flags are never enabled, whatever is stored (core isFeatureFlagEnabled). */
  dev: boolean;
  on: number;
  off: number;
}

const NAMED: readonly string[] = Object.values(FEATURE_FLAGS);

export function summarizeFlag(flag: FlagOverview): FlagSummary {
  const on = flag.teams.filter((t) => t.enabled).length;
  return {
    name: flag.name,
    named: NAMED.includes(flag.name),
    dev: flag.name.startsWith(DEV_FLAG_PREFIX),
    on,
    off: flag.teams.length - on,
  };
}

/**
 * One team's stored flag map, rebuilt from the overview. Not the team detail's `flags`: those
 * are the effective values (a `dev-` flag reads false, unset named flags appear), and writing
 * them back would change flags nobody touched.
 */
export function teamFlagMap(
  flags: readonly FlagOverview[],
  teamUID: string,
): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  for (const flag of flags) {
    const team = flag.teams.find((t) => t.teamUID === teamUID);
    if (team) map[flag.name] = team.enabled;
  }
  return map;
}

/**
 * The full flag map to PUT for one team after switching `name`. The PUT replaces the team's
 * whole map, so it starts from the team's current map (from a fresh overview) and changes
 * only the one flag.
 */
export function withFlag(
  current: Readonly<Record<string, boolean>>,
  name: string,
  enabled: boolean,
): Record<string, boolean> {
  return { ...current, [name]: enabled };
}
