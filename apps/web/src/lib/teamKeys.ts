/**
 * The root of every team query key, in one place: every key of a team's data starts
 * `['teams', teamUID, ...]`, so a realtime reset, a team switch or an admin change can refresh
 * or drop all of it with one prefix. Features build their keys from these, never by hand.
 */
export const teamKeys = {
  /** Every query of the team. */
  all: (teamUID: string) => ['teams', teamUID] as const,
  /** A key under the team's root. */
  of: <const T extends readonly unknown[]>(teamUID: string, ...rest: T) =>
    ['teams', teamUID, ...rest] as const,
  /** Every contact query of the team (tables, contact pages and their parts). */
  contacts: (teamUID: string) => ['teams', teamUID, 'contacts'] as const,
  /** One contact's queries. */
  contact: (teamUID: string, GTID: string) => ['teams', teamUID, 'contacts', GTID] as const,
  /** The pipeline list and every board. */
  pipelines: (teamUID: string) => ['teams', teamUID, 'pipelines'] as const,
  /** One pipeline's queries (its board, details, KPI stages). */
  pipeline: (teamUID: string, pipelineUID: string) =>
    ['teams', teamUID, 'pipelines', pipelineUID] as const,
};
