/**
 * The contact area's query keys, in a file of their own so features that only refresh a
 * contact (tasks, messaging) do not load the contact screen's requests.
 */
export const contactKeys = {
  /** Every contact query of the team (tables, contacts, their parts). */
  team: (teamUID: string) => ['teams', teamUID, 'contacts'] as const,
  all: (teamUID: string, GTID: string) => ['teams', teamUID, 'contacts', GTID] as const,
  detail: (teamUID: string, GTID: string) =>
    ['teams', teamUID, 'contacts', GTID, 'detail'] as const,
  activities: (teamUID: string, GTID: string) =>
    ['teams', teamUID, 'contacts', GTID, 'activities'] as const,
  notes: (teamUID: string, GTID: string) => ['teams', teamUID, 'contacts', GTID, 'notes'] as const,
  tagSets: (teamUID: string) => ['teams', teamUID, 'tag-sets'] as const,
  statusLabels: (teamUID: string) => ['teams', teamUID, 'status-labels'] as const,
  // Under the setup's key (its writes refresh this too), but its own entry: this one holds
  // only the live list.
  questions: (teamUID: string) => ['teams', teamUID, 'questions', 'live'] as const,
  pipeline: (teamUID: string, groupUID: string) =>
    ['teams', teamUID, 'pipelines', groupUID, 'detail'] as const,
};
