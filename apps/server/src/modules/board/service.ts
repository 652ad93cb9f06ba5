import { DomainError, notFound } from '@leadloom/core';
import type { BoardCardAnswer, CardTag, ContactPageAnswer } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { findPipelineWithStages } from '../pipelines/read';
import * as repo from './repo';
import { type Db } from '../../db/tx';

export { BOARD_MAX_PAGE as MAX_PAGE } from '@leadloom/core';

/** Opaque keyset cursor: the client only hands it back. */
export function encodeCursor(key: repo.CardKey | null): string | null {
  return key ? Buffer.from(JSON.stringify([key.position, key.gtid])).toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): repo.CardKey | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { position: value[0] as string, gtid: value[1] as string };
    }
  } catch {
    // fall through
  }
  throw new DomainError(
    'invalid-argument',
    'The cursor is not valid; start again from the first page.',
    'cursor',
  );
}

type BareCard = Omit<BoardCardAnswer, 'tagIDs' | 'statusLabel'>;

/** Adds tag ids and status label to a page's cards (one query each, whatever the page size). */
async function decorate(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  cards: BareCard[],
): Promise<{ cards: BoardCardAnswer[]; tags: CardTag[] }> {
  const gtids = cards.map((c) => c.GTID);
  const [tags, labels] = await Promise.all([
    repo.cardTags(scope, db.db, pipelineUID, gtids),
    repo.cardLabels(scope, db.db, gtids),
  ]);
  return {
    cards: cards.map((c) => ({
      ...c,
      tagIDs: tags.byContact.get(c.GTID) ?? [],
      statusLabel: labels.get(c.GTID) ?? null,
    })),
    tags: tags.tags,
  };
}

/**
 * The board's answer as JSON text (a `BoardAnswer`): the database builds it in one statement and the
 * route sends it as it comes, with no objects made or serialised here (see repo.boardJson).
 */
export async function getBoardJson(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  limit: number,
): Promise<string> {
  const body = await repo.boardJson(scope, db.db, pipelineUID, limit);
  if (body === null) throw notFound('Pipeline not found');
  return body;
}

export async function getStagePage(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  stageUID: string,
  cursor: string | undefined,
  limit: number,
): Promise<ContactPageAnswer> {
  const after = decodeCursor(cursor);
  const found = await findPipelineWithStages(scope, db.db, pipelineUID);
  if (!found || !found.stages.some((st) => st.stageUID === stageUID)) {
    throw notFound('Stage not found');
  }
  const page = await repo.stagePage(scope, db.db, pipelineUID, stageUID, after, limit);
  const { cards, tags } = await decorate(db, scope, pipelineUID, page.cards);
  return { contacts: cards, nextCursor: encodeCursor(page.next), tags };
}
