import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStage } from '../test/contact-fixtures';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { addContacts } from '../test/team-fixtures';
import {
  activitiesOf,
  addTag,
  addTagSet,
  changeLogOf,
  contactWorld,
  type ContactWorld,
} from '../modules/contact-parts/test-helpers';
import { addContactTag } from '../modules/contact-tags/service';
import { changeStage } from '../modules/board/stage-change';
import { createNote, listNotes } from '../modules/notes/service';
import { teamScopeFor } from '../scope/team-scope';
import { withTx } from './tx';

/**
 * Services compose (DESIGN §1.5): given an open transaction, a service joins it instead of
 * opening its own, so a workflow step or a sync step can run several actions as one — all of
 * them happen, or none.
 */

let s: TestServices;
let w: ContactWorld;
let qualified: string;
let tag: string;
beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'compose');
  qualified = await addStage(s, w.teamUID, w.p1.pipelineUID, 'Qualified', 1);
  tag = await addTag(s, w.teamUID, await addTagSet(s, w.teamUID, { name: 'Interests' }), {
    name: 'Hot',
  });
});
afterAll(() => s.cleanup());

const scope = () => teamScopeFor(s.database, w.owner.uid, w.teamUID);

describe(`services inside one transaction (${ENGINE})`, () => {
  it('a note, a tag and a stage change commit together, under the one change id', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const sc = await scope();
    const logBefore = (await changeLogOf(s, w.teamUID)).length;
    await withTx(
      s.database,
      sc,
      async (tx) => {
        await createNote(tx, sc, gtid!, { text: 'Asked for a call' }, {});
        await addContactTag(tx, sc, gtid!, { tagID: tag }, {});
        await changeStage(tx, sc, gtid!, w.p1.pipelineUID, { stageUID: qualified });
      },
      { changeId: 'workflow-step-1' },
    );
    const types = (await activitiesOf(s, w.teamUID, gtid!)).map((a) => `${a.type}/${a.action}`);
    expect(types.sort()).toEqual(['note/created', 'stage/changed', 'tags/added']);
    const log = (await changeLogOf(s, w.teamUID)).slice(logBefore);
    expect(log.length).toBeGreaterThanOrEqual(6);
    expect(new Set(log.map((e) => e.change_id))).toEqual(new Set(['workflow-step-1']));
  });

  it('when a later service fails, the earlier ones leave nothing behind', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const sc = await scope();
    const logBefore = (await changeLogOf(s, w.teamUID)).length;
    const failed = withTx(s.database, sc, async (tx) => {
      await createNote(tx, sc, gtid!, { text: 'Will not stay' }, {});
      await addContactTag(tx, sc, gtid!, { tagID: 'no-such-tag' }, {});
    });
    await expect(failed).rejects.toMatchObject({ status: 'not-found' });
    expect((await listNotes(s.database, sc, gtid!)).notes).toEqual([]);
    expect(await activitiesOf(s, w.teamUID, gtid!)).toEqual([]);
    expect((await changeLogOf(s, w.teamUID)).length).toBe(logBefore);
  });

  it('on its own, a service still opens (and commits) its own transaction', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const sc = await scope();
    await createNote(s.database, sc, gtid!, { text: 'On its own' }, { changeId: 'alone' });
    expect((await listNotes(s.database, sc, gtid!)).notes.map((n) => n.text)).toEqual([
      'On its own',
    ]);
  });
});
