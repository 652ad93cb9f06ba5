import { describe, expect, it } from 'vitest';
import { resolveBoard, resolveContactPage, type BoardCardAnswer } from './board';

const card = (GTID: string, tagIDs: string[]): BoardCardAnswer => ({
  GTID,
  fullName: GTID,
  firstName: GTID,
  lastName: '',
  emailAddress: null,
  photoURL: null,
  lastActivityAt: null,
  statusLabel: null,
  tagIDs,
});

const tags = [
  { tagID: 'vip', name: 'VIP', color: '#ff0000' },
  { tagID: 'hot', name: 'Hot', color: '#222222' },
  { tagID: 'cold', name: 'Cold', color: '#0000ff' },
];

describe('the board answer resolved for the web', () => {
  it("puts each card's tags in the answer's order, once each, leaving out ids it does not describe", () => {
    const page = resolveContactPage({
      contacts: [card('a', ['cold', 'orphan', 'vip', 'cold']), card('b', [])],
      nextCursor: 'next',
      tags,
    });
    expect(page.nextCursor).toBe('next');
    expect(page.contacts[0]).toEqual({
      GTID: 'a',
      fullName: 'a',
      firstName: 'a',
      lastName: '',
      emailAddress: null,
      photoURL: null,
      lastActivityAt: null,
      statusLabel: null,
      tags: [tags[0], tags[2]],
    });
    expect(page.contacts[1]!.tags).toEqual([]);
    expect('tagIDs' in page.contacts[0]!).toBe(false);
  });

  it('resolves every stage of a board with the one list of tags the answer carries', () => {
    const stage = (stageUID: string, contacts: BoardCardAnswer[]) => ({
      stageUID,
      name: stageUID,
      color: '#eeeeee',
      fontColor: '#000000',
      idx: 1,
      count: contacts.length,
      dealTotals: [],
      nextCursor: null,
      contacts,
    });
    const board = resolveBoard({
      pipeline: { groupUID: 'p', nickName: 'Sales', isDefault: true },
      stages: [stage('s1', [card('a', ['hot'])]), stage('s2', [card('b', ['hot', 'vip'])])],
      tags,
    });
    expect(board.pipeline.nickName).toBe('Sales');
    expect(board.stages.map((s) => s.contacts.map((c) => c.tags.map((t) => t.name)))).toEqual([
      [['Hot']],
      [['VIP', 'Hot']],
    ]);
    expect('tags' in board).toBe(false);
  });
});
