import { FEATURE_FLAGS } from '@leadloom/core';
import { systemScope } from '../../db/scope';
import type { Services } from '../../services';
import { listTeamFlags } from './flags.repo';

export interface FlagOverview {
  name: string;
  teams: { teamUID: string; name: string; enabled: boolean }[];
}

/**
 * The service-wide flag overview for /admin/flags: every flag any team has, plus core's named
 * flags (SPEC §6) even when no team has them, so an admin can see they exist and who lacks them.
 * Named flags come first in core's order, the rest by name.
 */
export async function flagOverview(services: Services): Promise<FlagOverview[]> {
  const rows = await listTeamFlags(systemScope('admin: flag overview'), services.database.db);
  const named: string[] = Object.values(FEATURE_FLAGS);
  const byName = new Map<string, FlagOverview>(named.map((name) => [name, { name, teams: [] }]));
  for (const row of rows) {
    let entry = byName.get(row.flag);
    if (!entry) byName.set(row.flag, (entry = { name: row.flag, teams: [] }));
    entry.teams.push({ teamUID: row.teamUID, name: row.teamName, enabled: row.enabled });
  }
  const rest = [...byName.keys()].filter((n) => !named.includes(n)).sort();
  return [...named, ...rest].map((name) => byName.get(name)!);
}
