import {
  DomainError,
  patchContactBody,
  WORKFLOW_ACTIONS,
  type WorkflowActionKind,
  type WorkflowActionParams,
  type WorkflowMember,
} from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import { moveToStage } from '../board/moves';
import { lockVisibleContacts } from '../contact-parts/access';
import { addContactsToPipeline, removeFromPipeline, updateContact } from '../contacts/service';
import { templateText } from '../message-templates/service';
import { queueMessages } from '../outreach/service';
import { requireTaskTemplate, taskSpecOf } from '../task-templates/service';
import { resolveLabel, setLabelOfContacts } from '../contact-labels/service';
import {
  addTagsToContacts,
  removeTagsFromContacts,
  resolveTagTargets,
} from '../contact-tags/service';
import { createNote } from '../notes/service';
import { createTasksOnContacts } from '../tasks/service';
import { isPlaced as isPlacedIn, teamOwnerOf } from './runs.repo';

/**
 * What each action step does, for a set of contacts at once: the runner hands an action every
 * run that reached the same step together (a bulk change that starts 10,000 runs moves them as
 * one batch per step), and each action calls the service a person's own action calls, inside
 * the runner's transaction. Answers what the run log keeps.
 */
type ActionRunner<K extends WorkflowActionKind> = (
  tx: Tx,
  scope: TeamScope,
  gtids: readonly string[],
  params: WorkflowActionParams<K>,
) => Promise<Record<string, unknown>>;

/** Who a `WorkflowMember` is when the step runs. Contacts have no owner of their own yet: the team's owner stands for it. */
async function memberUID(tx: Tx, scope: TeamScope, who: WorkflowMember): Promise<string> {
  return who.kind === 'member' ? who.uid : teamOwnerOf(scope, tx.db);
}

const RUNNERS: { [K in WorkflowActionKind]?: ActionRunner<K> } = {
  async addTags(tx, scope, gtids, { tagIDs }) {
    const targets = await resolveTagTargets(scope, tx.db, tagIDs, undefined);
    const { changes } = await addTagsToContacts(tx, scope, gtids, targets);
    return { tagged: changes.length };
  },
  async removeTags(tx, scope, gtids, { tagIDs }) {
    const targets = await resolveTagTargets(scope, tx.db, tagIDs, undefined);
    const { changes } = await removeTagsFromContacts(tx, scope, gtids, targets.pipelineUID, tagIDs);
    return { untagged: changes.length };
  },
  async setStatusLabel(tx, scope, gtids, { labelUID }) {
    const label = await resolveLabel(scope, tx.db, labelUID);
    const { changed } = await setLabelOfContacts(tx, scope, gtids, label);
    return { changed: changed.length };
  },
  async moveToStage(tx, scope, gtids, { pipelineUID, stageUID }) {
    const { moved, notPlaced } = await moveToStage(tx, scope, {
      pipelineUID,
      toStageUID: stageUID,
      moves: gtids.map((gtid) => ({ gtid })),
      reason: 'workflow',
    });
    return { moved: moved.length, notInPipeline: notPlaced.length };
  },
  async createTask(tx, scope, gtids, params) {
    const visible = await lockVisibleContacts(scope, tx.db, gtids);
    if (visible.size === 0) return { tasks: 0 };
    const ids = await createTasksOnContacts(
      tx,
      scope,
      {
        name: params.name,
        notes: params.notes ?? '',
        assigneeUID: await memberUID(tx, scope, params.assignee),
        due: { inDays: params.dueInDays },
        dueTime: params.dueTime ?? null,
        repeat: null,
      },
      visible,
    );
    return { tasks: ids.length };
  },
  async applyTaskTemplate(tx, scope, gtids, { templateUID, assignee }) {
    const template = await requireTaskTemplate(tx, scope, templateUID);
    const spec = taskSpecOf(scope, template);
    if (assignee) spec.assigneeUID = await memberUID(tx, scope, assignee);
    const visible = await lockVisibleContacts(scope, tx.db, gtids);
    if (visible.size === 0) return { tasks: 0 };
    return { tasks: (await createTasksOnContacts(tx, scope, spec, visible)).length };
  },
  async addNote(tx, scope, gtids, { text }) {
    for (const gtid of gtids) await createNote(tx, scope, gtid, { text }, {});
    return { notes: gtids.length };
  },
  async addToPipeline(tx, scope, gtids, { pipelineUID, stageUID }) {
    const { notVisible } = await addContactsToPipeline(tx, scope, { pipelineUID, stageUID, gtids });
    return { added: gtids.length - notVisible.length };
  },
  async removeFromPipeline(tx, scope, gtids, { pipelineUID }) {
    let removed = 0;
    for (const gtid of gtids) {
      // A contact no longer in the pipeline has nothing to remove: not a failure of the step.
      const placed = await isPlacedIn(scope, tx.db, gtid, pipelineUID);
      if (!placed) continue;
      await removeFromPipeline(tx, scope, gtid, pipelineUID);
      removed++;
    }
    return { removed };
  },
  async updateField(tx, scope, gtids, { field, value }) {
    const patch = patchContactBody.safeParse({ [field]: value ?? '' });
    if (!patch.success) {
      throw new DomainError(
        'invalid-argument',
        patch.error.issues[0]?.message ?? 'Not a valid value.',
      );
    }
    for (const gtid of gtids) await updateContact(tx, scope, gtid, patch.data);
    return { updated: gtids.length };
  },
  async queueMessage(tx, scope, gtids, { templateId, platform }) {
    const text = await templateText(tx, scope, templateId);
    const { skipped } = await queueMessages(tx, scope, {
      platform,
      GTIDs: [...gtids],
      text,
      templateId,
      automated: true,
    });
    return { queued: gtids.length - skipped.length, skipped: skipped.length };
  },
};

/** Applies an action step to the contacts; a DomainError says why it could not. */
export async function runAction(
  tx: Tx,
  scope: TeamScope,
  kind: WorkflowActionKind,
  params: Record<string, unknown>,
  gtids: readonly string[],
): Promise<Record<string, unknown>> {
  const run = RUNNERS[kind] as ActionRunner<WorkflowActionKind> | undefined;
  if (!run) {
    throw new DomainError(
      'invalid-argument',
      `“${WORKFLOW_ACTIONS[kind].label}” cannot run in workflows yet.`,
    );
  }
  const parsed = WORKFLOW_ACTIONS[kind].params.safeParse(params);
  if (!parsed.success) {
    throw new DomainError('invalid-argument', 'The step’s settings are incomplete.');
  }
  return run(tx, scope, gtids, parsed.data as WorkflowActionParams<WorkflowActionKind>);
}
