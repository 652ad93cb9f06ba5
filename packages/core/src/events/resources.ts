/**
 * The resources a change is recorded against: the change log's `resource` column, the realtime
 * stream's `resource` field and what the web's cache follows. One name per resource (camelCase),
 * the shape of its key (the change log's `id`), and who may see a change to it. The server's
 * realtime visibility check and the web's cache invalidation both read this table, so a new
 * resource is declared once, here.
 */

/**
 * Who may see a change, for a member whose pipelines are limited (owners, admins and members of
 * every pipeline see every change of their team):
 * - `team`: every member (nothing behind it is bound to a pipeline or a contact).
 * - `pipeline`: the key is a pipelineUID; members who see that pipeline.
 * - `placement`: the key is `GTID/pipelineUID`; members who see that pipeline.
 * - `contact`: the key is a GTID; members who see the contact.
 * - `contactPart`: the key is `GTID/partUID`; the part's row names its pipeline (or none, then
 *   it goes with the contact), and a member sees it when they see the contact and that pipeline.
 * - `contactTag`: the key is `GTID/pipelineUID/tagID`, or `GTID/global/tagID` for a tag of a
 *   global set (then it goes with the contact).
 * - `pipelineRow`: the key is the row's uid; the row names its pipeline (or none: team-wide).
 *   A deleted row cannot be placed and is held back, unless `deletedGoesToAll` (an opaque id
 *   every member may learn, so their lists drop it).
 * - `task`: the key is `GTID/taskUID`, or `-/taskUID` for a task on no contact (every member).
 * - `creator`: the key is `createdByUID/uid`; only its creator follows it.
 * - `fullAccess`: only members who see every pipeline.
 */
export type ResourceVisibility =
  | { kind: 'team' }
  | { kind: 'pipeline' }
  | { kind: 'placement' }
  | { kind: 'contact' }
  | { kind: 'contactPart'; table: string; column: string }
  | { kind: 'contactTag' }
  | { kind: 'pipelineRow'; rowOf: PipelineRowLookup; deletedGoesToAll?: boolean }
  | { kind: 'task' }
  | { kind: 'creator' }
  | { kind: 'fullAccess' };

/** How a `pipelineRow` resource finds the pipeline its row belongs to. */
export type PipelineRowLookup = 'stage' | 'tagSet' | 'tag' | 'kpi';

const team = { kind: 'team' } as const;
const part = (table: string, column: string) => ({ kind: 'contactPart', table, column }) as const;
const row = (rowOf: PipelineRowLookup, deletedGoesToAll = false) =>
  ({ kind: 'pipelineRow', rowOf, ...(deletedGoesToAll ? { deletedGoesToAll } : {}) }) as const;

export const RESOURCES = {
  // Contacts and what hangs on them.
  contact: { kind: 'contact' },
  contactPipeline: { kind: 'placement' },
  contactTag: { kind: 'contactTag' },
  stageHistory: part('stage_history', 'id'),
  activity: part('activity', 'activity_uid'),
  note: part('note', 'note_uid'),
  deal: part('deal', 'deal_uid'),
  answer: part('answer', 'answer_uid'),
  task: { kind: 'task' },
  /** A message queue item, keyed by its contact's GTID: who sees the contact sees it change. */
  messageQueueItem: { kind: 'contact' },
  // Pipelines and their setup.
  pipeline: { kind: 'pipeline' },
  stage: row('stage'),
  phase: team,
  question: team,
  tagSet: row('tagSet'),
  tag: row('tag'),
  statusLabel: team,
  kpi: row('kpi', true),
  // The team.
  member: team,
  invitation: team,
  subscription: team,
  featureFlags: team,
  connection: team,
  messageTemplate: team,
  messageTemplateCategory: team,
  messageTemplateType: team,
  taskTemplate: team,
  /** A workflow, keyed by its workflowId: every member may read the team's workflows. */
  workflow: team,
  filterSet: { kind: 'fullAccess' },
  bulkJob: { kind: 'creator' },
} as const satisfies Record<string, ResourceVisibility>;

export type Resource = keyof typeof RESOURCES;

export const RESOURCE_NAMES = Object.keys(RESOURCES) as Resource[];

export function isResource(name: string): name is Resource {
  return Object.prototype.hasOwnProperty.call(RESOURCES, name);
}

/** What a change to `resource` needs to be seen; undefined for a name not in the catalogue. */
export function visibilityOf(resource: string): ResourceVisibility | undefined {
  return isResource(resource) ? RESOURCES[resource] : undefined;
}

/** Resources whose key starts with the contact's GTID (a part of the contact page). */
export function isContactPart(resource: string): boolean {
  return visibilityOf(resource)?.kind === 'contactPart';
}

/** The change log's key of each resource that is not a plain uid. */
export const resourceKey = {
  /** A contact's part: `GTID/partUID`. */
  part: (gtid: string, partUID: string) => `${gtid}/${partUID}`,
  /** A contact's place in a pipeline: `GTID/pipelineUID`. */
  placement: (gtid: string, pipelineUID: string) => `${gtid}/${pipelineUID}`,
  /** A tag on a contact: `GTID/pipelineUID/tagID`, `GTID/global/tagID` for a global set's. */
  contactTag: (gtid: string, pipelineUID: string | null, tagID: string) =>
    `${gtid}/${pipelineUID ?? 'global'}/${tagID}`,
  /** A task: `GTID/taskUID`, `-/taskUID` on no contact. */
  task: (gtid: string | null, taskUID: string) => `${gtid ?? '-'}/${taskUID}`,
  /** Something only its creator follows: `createdByUID/uid`. */
  owned: (createdByUID: string, uid: string) => `${createdByUID}/${uid}`,
};
