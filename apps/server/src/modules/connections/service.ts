import { newPushId, DomainError, notFound } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type WriteOptions, type Db, inTx } from '../../db/tx';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * Connections, the minimum (docs/api.md): owners and admins list, create, change and delete
 * them; credentials (`settings`) are never answered. The delivery engine and the screen come
 * in a later issue; actions elsewhere only write the outbox rows core's rules select.
 */

async function checkReferences(scope: TeamScope, db: AppDb, f: repo.ConnectionFields) {
  const pipelines = [
    ...(f.usedInPipelines ?? []).map((uid, i) => ({ uid, field: `usedInPipelines.${i}` })),
    ...(f.selectedPipeline ? [{ uid: f.selectedPipeline, field: 'selectedPipeline' }] : []),
  ];
  const known = await repo.existingPipelineUIDs(
    scope,
    db,
    pipelines.map((p) => p.uid),
  );
  const badPipeline = pipelines.find((p) => !known.includes(p.uid));
  if (badPipeline) {
    throw new DomainError(
      'invalid-argument',
      `${badPipeline.field}: "${badPipeline.uid}" is not a pipeline of this team.`,
      badPipeline.field,
    );
  }
  const tagSets = f.usedInTagSets ?? [];
  const knownSets = await repo.existingTagSetUIDs(scope, db, tagSets);
  const bad = tagSets.findIndex((uid) => !knownSets.includes(uid));
  if (bad >= 0) {
    throw new DomainError(
      'invalid-argument',
      `usedInTagSets.${bad}: "${tagSets[bad]}" is not a tag set of this team.`,
      `usedInTagSets.${bad}`,
    );
  }
}

const unique = (list: string[] | undefined) => (list ? [...new Set(list)] : list);

export async function listConnections(db: Db, scope: TeamScope) {
  requireRole(scope, ...MANAGERS);
  return { connections: await repo.listConnections(scope, db.db) };
}

export async function createConnection(
  db: Db,
  scope: TeamScope,
  input: repo.ConnectionFields & { system: string },
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      const fields = {
        ...input,
        usedInPipelines: unique(input.usedInPipelines),
        usedInTagSets: unique(input.usedInTagSets),
      };
      await checkReferences(scope, tx.db, fields);
      const connectionUID = newPushId();
      await repo.insertConnection(scope, tx.db, connectionUID, fields);
      await emit(tx, scope, { changed: [logChange('connection', connectionUID, 'insert')] });
      return { connection: (await repo.findConnection(scope, tx.db, connectionUID))! };
    },
    opts,
  );
}

export async function updateConnection(
  db: Db,
  scope: TeamScope,
  connectionUID: string,
  patch: repo.ConnectionFields,
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      if (!(await repo.findConnection(scope, tx.db, connectionUID, { lock: true }))) {
        throw notFound('Connection not found');
      }
      const fields = {
        ...patch,
        usedInPipelines: unique(patch.usedInPipelines),
        usedInTagSets: unique(patch.usedInTagSets),
      };
      await checkReferences(scope, tx.db, fields);
      await repo.updateConnection(scope, tx.db, connectionUID, fields);
      await emit(tx, scope, { changed: [logChange('connection', connectionUID, 'update')] });
      return { connection: (await repo.findConnection(scope, tx.db, connectionUID))! };
    },
    opts,
  );
}

export async function deleteConnection(
  db: Db,
  scope: TeamScope,
  connectionUID: string,
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      if (!(await repo.findConnection(scope, tx.db, connectionUID, { lock: true }))) {
        throw notFound('Connection not found');
      }
      await repo.deleteConnection(scope, tx.db, connectionUID);
      await emit(tx, scope, { changed: [logChange('connection', connectionUID, 'delete')] });
      return { deleted: true };
    },
    opts,
  );
}
