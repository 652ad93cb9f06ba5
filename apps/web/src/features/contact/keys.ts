import { teamKeys } from '../../lib/teamKeys';

/**
 * The contact area's query keys, in a file of their own so features that only refresh a
 * contact (tasks, messaging) do not load the contact screen's requests.
 */
export const contactKeys = {
  /** Every contact query of the team (tables, contacts, their parts). */
  team: (teamUID: string) => teamKeys.contacts(teamUID),
  all: (teamUID: string, GTID: string) => teamKeys.contact(teamUID, GTID),
  detail: (teamUID: string, GTID: string) => teamKeys.of(teamUID, 'contacts', GTID, 'detail'),
  activities: (teamUID: string, GTID: string) =>
    teamKeys.of(teamUID, 'contacts', GTID, 'activities'),
  notes: (teamUID: string, GTID: string) => teamKeys.of(teamUID, 'contacts', GTID, 'notes'),
  tagSets: (teamUID: string) => teamKeys.of(teamUID, 'tag-sets'),
  statusLabels: (teamUID: string) => teamKeys.of(teamUID, 'status-labels'),
  // Under the setup's key (its writes refresh this too), but its own entry: this one holds
  // only the live list.
  questions: (teamUID: string) => teamKeys.of(teamUID, 'questions', 'live'),
  pipeline: (teamUID: string, groupUID: string) =>
    teamKeys.of(teamUID, 'pipelines', groupUID, 'detail'),
};
