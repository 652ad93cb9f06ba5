import { fillTemplate, templateSeed } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import {
  addContacts,
  addMember,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';
import type { MessageTemplateRow, TemplateGroupRow } from './repo';

let s: TestServices;
let owner: TestClient;
let member: TestClient;
let other: TestClient;
let teamUID: string;

beforeAll(async () => {
  s = await startTestServices();
  const o = await ownerWithTeam(s, 'tpl-owner@example.com');
  owner = o.client;
  teamUID = o.teamUID;
  for (const who of ['tpl-member', 'tpl-other']) {
    const uid = await createUser(s, `${who}@example.com`);
    await addMember(s, teamUID, uid, 'member');
  }
  member = await signIn(s, 'tpl-member@example.com');
  other = await signIn(s, 'tpl-other@example.com');
});
afterAll(() => s.cleanup());

const api = (client: TestClient, path: string, method = 'GET', body?: unknown) =>
  client.api(`/api/teams/${teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function rowCounts() {
  const r = await s.database.pool.query<{ t: string; g: string; a: string; c: string }>(
    `SELECT (SELECT count(*) FROM message_template WHERE team_uid = $1) AS t,
            (SELECT count(*) FROM message_template_category WHERE team_uid = $1)
              + (SELECT count(*) FROM message_template_type WHERE team_uid = $1) AS g,
            (SELECT count(*) FROM activity WHERE team_uid = $1) AS a,
            (SELECT count(*) FROM change_log WHERE team_uid = $1) AS c`,
    [teamUID],
  );
  return r.rows[0]!;
}

describe(`message templates (${ENGINE})`, () => {
  it('a member writes templates with a category, a type and tags; the list comes by name', async () => {
    const cat = await api(owner, '/message-template-categories', 'POST', { name: 'Openers' });
    expect(cat.status).toBe(201);
    const category = cat.body!.category as TemplateGroupRow;
    const typ = await api(owner, '/message-template-types', 'POST', { name: 'First message' });
    const type = typ.body!.type as TemplateGroupRow;

    const made = await api(member, '/message-templates', 'POST', {
      name: 'Warm welcome',
      body: '{Hi|Hello} {{firstName|there}}, thanks for joining!',
      categoryID: category.id,
      typeID: type.id,
      tags: ['group', 'welcome', 'group'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const t = made.body!.template as MessageTemplateRow;
    expect(t).toMatchObject({ name: 'Warm welcome', categoryID: category.id, typeID: type.id });
    expect(t.tags).toEqual(['group', 'welcome']);

    await api(member, '/message-templates', 'POST', { name: 'another', body: 'Plain text' });
    const list = await api(other, '/message-templates');
    expect(list.status).toBe(200);
    expect((list.body!.templates as MessageTemplateRow[]).map((x) => x.name)).toEqual([
      'another',
      'Warm welcome',
    ]);
    expect(list.body!.categories).toEqual([{ id: category.id, name: 'Openers', order: 0 }]);
    expect(list.body!.types).toEqual([{ id: type.id, name: 'First message', order: 0 }]);
  });

  it('refuses unknown variables and unbalanced braces with the reason, and writes nothing', async () => {
    const before = await rowCounts();
    const unknown = await api(member, '/message-templates', 'POST', {
      name: 'Bad',
      body: 'Hi {{firstname}}',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body!.error).toEqual({
      status: 'invalid-argument',
      field: 'body',
      message: 'body: Unknown variable {{firstname}} (did you mean {{firstName}}?).',
    });
    const braces = await api(member, '/message-templates', 'POST', {
      name: 'Bad',
      body: '{Hi|Hello',
    });
    expect(braces.status).toBe(400);
    expect((braces.body!.error as { message: string }).message).toContain('is never closed');
    const noName = await api(member, '/message-templates', 'POST', { name: ' ', body: 'x' });
    expect((noName.body!.error as { field: string }).field).toBe('name');
    const badCategory = await api(member, '/message-templates', 'POST', {
      name: 'x',
      body: 'x',
      categoryID: 'tcat-nope',
    });
    expect(badCategory.status).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('the author or an owner edits and deletes a template; another member gets 403', async () => {
    const made = await api(member, '/message-templates', 'POST', { name: 'Mine', body: 'Hey' });
    const uid = (made.body!.template as MessageTemplateRow).templateUID;
    const before = await rowCounts();
    expect(
      (await api(other, `/message-templates/${uid}`, 'PATCH', { name: 'Theirs' })).status,
    ).toBe(403);
    expect((await api(other, `/message-templates/${uid}`, 'DELETE')).status).toBe(403);
    expect(await rowCounts()).toEqual(before);

    const edited = await api(member, `/message-templates/${uid}`, 'PATCH', {
      body: 'Hey {{firstName}}',
    });
    expect(edited.status).toBe(200);
    expect((edited.body!.template as MessageTemplateRow).body).toBe('Hey {{firstName}}');
    expect(
      (await api(owner, `/message-templates/${uid}`, 'PATCH', { name: 'Owner edit' })).status,
    ).toBe(200);
    expect((await api(owner, `/message-templates/${uid}`, 'DELETE')).status).toBe(200);
    expect((await api(member, `/message-templates/${uid}`, 'DELETE')).status).toBe(404);
  });

  it('only owners and admins keep categories and types; deleting one leaves its templates', async () => {
    expect(
      (await api(member, '/message-template-categories', 'POST', { name: 'Mine' })).status,
    ).toBe(403);
    const cat = (await api(owner, '/message-template-categories', 'POST', { name: 'Closers' }))
      .body!.category as TemplateGroupRow;
    expect(cat.order).toBe(1);
    const renamed = await api(owner, `/message-template-categories/${cat.id}`, 'PATCH', {
      name: 'Closing',
    });
    expect((renamed.body!.category as TemplateGroupRow).name).toBe('Closing');
    const made = await api(member, '/message-templates', 'POST', {
      name: 'Close',
      body: 'Deal?',
      categoryID: cat.id,
    });
    const uid = (made.body!.template as MessageTemplateRow).templateUID;
    const gone = await api(owner, `/message-template-categories/${cat.id}`, 'DELETE');
    expect(gone.body).toEqual({ deleted: true, templates: 1 });
    const list = (await api(member, '/message-templates')).body!.templates as MessageTemplateRow[];
    expect(list.find((t) => t.templateUID === uid)?.categoryID).toBeNull();
    expect((await api(owner, `/message-template-types/nope`, 'DELETE')).status).toBe(404);
  });

  it('"sent" logs a message activity with the text as filled for the contact', async () => {
    const [gtid] = await addContacts(s, teamUID, 1);
    const made = await api(member, '/message-templates', 'POST', {
      name: 'Spin',
      body: '{Hi|Hello|Hey} {{firstName|there}}',
    });
    const t = made.body!.template as MessageTemplateRow;
    const text = fillTemplate(t.body, {}, templateSeed(t.body, gtid!)).text;
    const sent = await api(member, `/contacts/${gtid}/messages`, 'POST', {
      text,
      templateUID: t.templateUID,
      platform: 'facebook',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const activities = await s.database.pool.query<{
      activity_uid: string;
      type: string;
      action: string;
      note: string;
      ref_uid: string;
      data: unknown;
    }>(
      `SELECT activity_uid, type, action, note, ref_uid, data FROM activity WHERE team_uid = $1 AND gtid = $2`,
      [teamUID, gtid],
    );
    // The answer names the activity it wrote.
    expect(activities.rows).toEqual([
      {
        activity_uid: sent.body!.activityUID,
        type: 'message',
        action: 'sent',
        note: text,
        ref_uid: t.templateUID,
        data: { templateName: 'Spin', platform: 'facebook' },
      },
    ]);
    const before = await rowCounts();
    expect((await api(member, `/contacts/${gtid}/messages`, 'POST', { text: '  ' })).status).toBe(
      400,
    );
    expect((await api(member, `/contacts/nobody/messages`, 'POST', { text: 'Hi' })).status).toBe(
      404,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('logs a reply as a message coming in, which workflows waiting for a reply hear', async () => {
    const [gtid] = await addContacts(s, teamUID, 1);
    const reply = await api(member, `/contacts/${gtid}/messages`, 'POST', {
      text: 'Yes, tell me more!',
      direction: 'in',
      platform: 'instagram',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const activities = await s.database.pool.query<{ action: string; data: unknown }>(
      `SELECT action, data FROM activity WHERE team_uid = $1 AND gtid = $2`,
      [teamUID, gtid],
    );
    expect(activities.rows).toEqual([
      { action: 'logged', data: { direction: 'in', platform: 'instagram' } },
    ]);
    const triggers = await s.database.pool.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM outbox WHERE team_uid = $1 AND kind = 'workflow-trigger'
         AND payload->>'GTID' = $2`,
      [teamUID, gtid],
    );
    expect(triggers.rows.map((r) => [r.payload.trigger, r.payload.data])).toEqual([
      ['replyReceived', { activityUID: reply.body!.activityUID, platform: 'instagram' }],
    ]);
    const before = await rowCounts();
    const bad = await api(member, `/contacts/${gtid}/messages`, 'POST', {
      text: 'Hi',
      direction: 'sideways',
    });
    expect(bad.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });
});
