/** Roles of a team member (issue 3 documents what each may do). */
export type TeamRole = 'owner' | 'admin' | 'member';

/**
 * Who acts, in which team (DESIGN §1.2, §4). Every repository function takes one first.
 * `visiblePipelines` is 'all' for owners and admins, else the pipelines of their groupAccess.
 */
export interface TeamScope {
  kind: 'team';
  teamUID: string;
  uid: string;
  role: TeamRole;
  visiblePipelines: 'all' | readonly string[];
}

/** Global tables, super-admin screens and maintenance. */
export interface SystemScope {
  kind: 'system';
  reason: string;
}

export type Scope = TeamScope | SystemScope;

export const systemScope = (reason: string): SystemScope => ({ kind: 'system', reason });

export function canSeePipeline(scope: TeamScope, pipelineUID: string): boolean {
  return scope.visiblePipelines === 'all' || scope.visiblePipelines.includes(pipelineUID);
}

/** A system scope aimed at one team (super-admin screens): repositories read `teamUID` from it. */
export interface TeamSystemScope extends SystemScope {
  teamUID: string;
}

/** Any scope that names one team: a member's, or the system's for that team. */
export type OneTeamScope = TeamScope | TeamSystemScope;

export const teamSystemScope = (reason: string, teamUID: string): TeamSystemScope => ({
  kind: 'system',
  reason,
  teamUID,
});
