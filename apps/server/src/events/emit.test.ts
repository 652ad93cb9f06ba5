import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { addStage } from '../test/contact-fixtures';
import { addContacts } from '../test/team-fixtures';
import {
  activitiesOf,
  addConnection,
  addTag,
  addTagSet,
  changeLogOf,
  contactWorld,
  outboxOf,
  type ContactWorld,
} from '../modules/contact-parts/test-helpers';

/**
 * What one action leaves behind for everyone downstream of it: the contact's timeline (and the
 * dashboards counting it), the outbox (sync to the team's tools, workflow triggers) and the
 * change log (realtime, other tabs). These are the rows a stage change, a tag change and a
 * note wrote before the actions went through `emit`; they must stay exactly these.
 */

let s: TestServices;
let w: ContactWorld;
let qualified: string;
let tagSet: string;
let tag: string;
beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'emit');
  qualified = await addStage(s, w.teamUID, w.p1.pipelineUID, 'Qualified', 1, 'ghl-qualified');
  tagSet = await addTagSet(s, w.teamUID, { name: 'Interests' });
  tag = await addTag(s, w.teamUID, tagSet, { name: 'Yoga', remoteID: 'ac-17' });
  await addConnection(s, w.teamUID, 'webhooks');
  await addConnection(s, w.teamUID, 'activecampaign');
});
afterAll(() => s.cleanup());

/** Rows with their ids and times replaced by names, so two runs compare equal. */
function named(rows: unknown, names: Record<string, string>): unknown {
  let text = JSON.stringify(rows);
  for (const [id, name] of Object.entries(names)) text = text.split(id).join(`<${name}>`);
  // What each run makes anew: activity, note and history ids, and times.
  const fresh = new Map<string, string>();
  text = text.replace(/[A-Za-z0-9_-]{16,}/g, (id) => {
    if (!/\d/.test(id)) return id; // a word, not an id
    if (!fresh.has(id)) fresh.set(id, `<new ${fresh.size + 1}>`);
    return fresh.get(id)!;
  });
  text = text.replace(/"(at|created_at_unix)":\d+/g, '"$1":"<time>"');
  return JSON.parse(text.replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"'));
}

/** The activities, outbox rows and change-log rows `action` wrote, named. */
async function footprint(gtid: string, action: () => Promise<{ status: number }>) {
  const before = {
    activities: (await activitiesOf(s, w.teamUID, gtid)).length,
    outbox: (await outboxOf(s, w.teamUID)).length,
    log: (await changeLogOf(s, w.teamUID)).length,
  };
  const answer = await action();
  expect(answer.status, JSON.stringify(answer)).toBeLessThan(300);
  const rows = {
    activities: (await activitiesOf(s, w.teamUID, gtid)).slice(before.activities),
    outbox: (await outboxOf(s, w.teamUID))
      .slice(before.outbox)
      .map(({ kind, payload, delayMinutes }) => ({ kind, payload, delayMinutes })),
    changeLog: (await changeLogOf(s, w.teamUID)).slice(before.log),
  };
  return named(rows, {
    [gtid]: 'contact',
    [w.owner.uid]: 'owner',
    [w.p1.pipelineUID]: 'pipeline',
    [w.p1.stageUID]: 'placeholder stage',
    [qualified]: 'Qualified',
    [tagSet]: 'tag set',
    [tag]: 'tag',
  });
}

const api = (path: string, method: string, body: unknown) =>
  w.owner.client.api(`/api/teams/${w.teamUID}${path}`, {
    method,
    headers: { 'x-change-id': 'change-1' },
    body: JSON.stringify(body),
  });

describe(`what an action emits (${ENGINE})`, () => {
  it('a stage change', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const rows = await footprint(gtid!, () =>
      api(`/contacts/${gtid}/pipelines/${w.p1.pipelineUID}/stage`, 'PUT', { stageUID: qualified }),
    );
    expect(rows).toMatchInlineSnapshot(`
      {
        "activities": [
          {
            "action": "changed",
            "activity_uid": "<new 1>",
            "created_by": "emit-owner",
            "created_by_uid": "<owner>",
            "currency": null,
            "data": {
              "from": "<placeholder stage>",
              "fromName": "Set Stage...",
              "to": "<Qualified>",
              "toName": "Qualified",
            },
            "note": null,
            "pipeline_uid": "<pipeline>",
            "ref_uid": null,
            "stage_uid": "<Qualified>",
            "type": "stage",
            "value": null,
          },
        ],
        "changeLog": [
          {
            "change_id": "change-1",
            "id": "<contact>/<pipeline>",
            "op": "update",
            "resource": "contactPipeline",
          },
          {
            "change_id": "change-1",
            "id": "<contact>/<new 1>",
            "op": "insert",
            "resource": "activity",
          },
          {
            "change_id": "change-1",
            "id": "<contact>/<new 3>",
            "op": "insert",
            "resource": "stageHistory",
          },
          {
            "change_id": "change-1",
            "id": "<contact>",
            "op": "update",
            "resource": "contact",
          },
        ],
        "outbox": [
          {
            "delayMinutes": 0,
            "kind": "sync",
            "payload": {
              "change": "stage",
              "changeData": {
                "from": {
                  "name": "Set Stage...",
                  "remoteID": null,
                  "stageUID": "<placeholder stage>",
                },
                "to": {
                  "name": "Qualified",
                  "remoteID": "ghl-qualified",
                  "stageUID": "<Qualified>",
                },
              },
              "connectionUID": "<new 2>",
              "delayBy": null,
              "integration": "webhooks",
              "leadData": {
                "GTID": "<contact>",
                "emailAddress": null,
                "firstName": "",
                "fullName": "Contact 0",
                "lastName": "",
                "phoneNumber": null,
              },
              "pipelineData": {
                "groupUID": "<pipeline>",
                "nickName": "P1",
              },
              "testMode": false,
            },
          },
          {
            "delayMinutes": 0,
            "kind": "workflow-trigger",
            "payload": {
              "GTID": "<contact>",
              "byUID": "<owner>",
              "data": {
                "from": "<placeholder stage>",
                "to": "<Qualified>",
              },
              "pipelineUID": "<pipeline>",
              "trigger": "stageChanged",
            },
          },
        ],
      }
    `);
  });

  it('a tag added', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const rows = await footprint(gtid!, () =>
      api(`/contacts/${gtid}/tags`, 'POST', { tagID: tag }),
    );
    expect(rows).toMatchInlineSnapshot(`
      {
        "activities": [
          {
            "action": "added",
            "activity_uid": "<new 1>",
            "created_by": "emit-owner",
            "created_by_uid": "<owner>",
            "currency": null,
            "data": {
              "name": "Yoga",
              "tagID": "<tag>",
              "tagSetUID": "<tag set>",
            },
            "note": null,
            "pipeline_uid": null,
            "ref_uid": "<tag>",
            "stage_uid": null,
            "type": "tags",
            "value": null,
          },
        ],
        "changeLog": [
          {
            "change_id": "change-1",
            "id": "<contact>/<new 1>",
            "op": "insert",
            "resource": "activity",
          },
          {
            "change_id": "change-1",
            "id": "<contact>/global/<tag>",
            "op": "insert",
            "resource": "contactTag",
          },
        ],
        "outbox": [
          {
            "delayMinutes": 0,
            "kind": "sync",
            "payload": {
              "change": "tags",
              "changeData": {
                "action": "added",
                "tags": [
                  {
                    "name": "Yoga",
                    "remoteID": "ac-17",
                    "tagID": "<tag>",
                    "tagSetUID": "<tag set>",
                  },
                ],
              },
              "connectionUID": "<new 2>",
              "delayBy": null,
              "integration": "webhooks",
              "leadData": {
                "GTID": "<contact>",
                "emailAddress": null,
                "firstName": "",
                "fullName": "Contact 0",
                "lastName": "",
                "phoneNumber": null,
              },
              "pipelineData": null,
              "testMode": false,
            },
          },
          {
            "delayMinutes": 0,
            "kind": "sync",
            "payload": {
              "change": "tags",
              "changeData": {
                "action": "added",
                "tags": [
                  {
                    "name": "Yoga",
                    "remoteID": "ac-17",
                    "tagID": "<tag>",
                    "tagSetUID": "<tag set>",
                  },
                ],
              },
              "connectionUID": "<new 3>",
              "delayBy": null,
              "integration": "activecampaign",
              "leadData": {
                "GTID": "<contact>",
                "emailAddress": null,
                "firstName": "",
                "fullName": "Contact 0",
                "lastName": "",
                "phoneNumber": null,
              },
              "pipelineData": null,
              "testMode": false,
            },
          },
          {
            "delayMinutes": 0,
            "kind": "workflow-trigger",
            "payload": {
              "GTID": "<contact>",
              "byUID": "<owner>",
              "data": {
                "name": "Yoga",
                "tagID": "<tag>",
                "tagSetUID": "<tag set>",
              },
              "pipelineUID": null,
              "trigger": "tagAdded",
            },
          },
        ],
      }
    `);
  });

  it('a note added', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const rows = await footprint(gtid!, () =>
      api(`/contacts/${gtid}/notes`, 'POST', {
        text: 'Called, wants a demo on Tuesday.',
        pipelineUID: w.p1.pipelineUID,
      }),
    );
    expect(rows).toMatchInlineSnapshot(`
      {
        "activities": [
          {
            "action": "created",
            "activity_uid": "<new 1>",
            "created_by": "emit-owner",
            "created_by_uid": "<owner>",
            "currency": null,
            "data": null,
            "note": "Called, wants a demo on Tuesday.",
            "pipeline_uid": "<pipeline>",
            "ref_uid": "<new 2>",
            "stage_uid": null,
            "type": "note",
            "value": null,
          },
        ],
        "changeLog": [
          {
            "change_id": "change-1",
            "id": "<contact>/<new 2>",
            "op": "insert",
            "resource": "note",
          },
          {
            "change_id": "change-1",
            "id": "<contact>/<new 1>",
            "op": "insert",
            "resource": "activity",
          },
        ],
        "outbox": [
          {
            "delayMinutes": 0,
            "kind": "workflow-trigger",
            "payload": {
              "GTID": "<contact>",
              "byUID": "<owner>",
              "data": {
                "noteUID": "<new 2>",
              },
              "pipelineUID": "<pipeline>",
              "trigger": "noteAdded",
            },
          },
          {
            "delayMinutes": 0,
            "kind": "sync",
            "payload": {
              "change": "notes",
              "changeData": {
                "action": "created",
                "createdAt": "<time>",
                "createdBy": "emit-owner",
                "noteUID": "<new 2>",
                "text": "Called, wants a demo on Tuesday.",
                "updatedAt": "<time>",
              },
              "connectionUID": "<new 3>",
              "delayBy": null,
              "integration": "webhooks",
              "leadData": {
                "GTID": "<contact>",
                "emailAddress": null,
                "firstName": "",
                "fullName": "Contact 0",
                "lastName": "",
                "phoneNumber": null,
              },
              "pipelineData": null,
              "testMode": false,
            },
          },
          {
            "delayMinutes": 0,
            "kind": "sync",
            "payload": {
              "change": "notes",
              "changeData": {
                "action": "created",
                "createdAt": "<time>",
                "createdBy": "emit-owner",
                "noteUID": "<new 2>",
                "text": "Called, wants a demo on Tuesday.",
                "updatedAt": "<time>",
              },
              "connectionUID": "<new 4>",
              "delayBy": null,
              "integration": "activecampaign",
              "leadData": {
                "GTID": "<contact>",
                "emailAddress": null,
                "firstName": "",
                "fullName": "Contact 0",
                "lastName": "",
                "phoneNumber": null,
              },
              "pipelineData": null,
              "testMode": false,
            },
          },
        ],
      }
    `);
  });
});
