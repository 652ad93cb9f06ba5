import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findServerAsset } from '../../db/find-asset';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import {
  addContacts,
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';
import { addQuestion } from '../contact-parts/test-helpers';

/** The team keeps one question bank; each pipeline asks the questions it picked from it. */

let s: TestServices;
let owner: { uid: string; teamUID: string; client: TestClient };
let member: TestClient;
let memberUID: string;
let T: string;

beforeAll(async () => {
  s = await startTestServices();
  owner = await ownerWithTeam(s, 'bank-owner@example.com');
  T = `/api/teams/${owner.teamUID}`;
  memberUID = await createUser(s, 'bank-member@example.com');
  await addMember(s, owner.teamUID, memberUID, 'member');
  member = await signIn(s, 'bank-member@example.com');
});
afterAll(() => s.cleanup());

const json = (method: string, body?: unknown): RequestInit =>
  body === undefined ? { method } : { method, body: JSON.stringify(body) };

async function asked(client: TestClient, pipelineUID: string, base = T) {
  const r = await client.api(`${base}/pipelines/${pipelineUID}`);
  expect(r.status).toBe(200);
  return (r.body!.pipeline as { questions: string[] }).questions;
}

async function links(teamUID: string) {
  const r = await s.database.db.execute<{ pipeline_uid: string; question_uid: string }>(sql`
    SELECT pipeline_uid, question_uid FROM pipeline_question WHERE team_uid = ${teamUID}
    ORDER BY pipeline_uid, question_uid`);
  return r.rows;
}

describe(`the questions a pipeline asks (${ENGINE})`, () => {
  it("a new pipeline asks none of the team's questions", async () => {
    await addQuestion(s, owner.teamUID, 'What brought you to the group?');
    const created = await owner.client.api(
      `${T}/pipelines`,
      json('POST', { nickName: 'LinkedIn' }),
    );
    expect(created.status).toBe(201);
    expect((created.body!.pipeline as { questions: string[] }).questions).toEqual([]);
  });

  it("picks from the bank, in the bank's order; members read it; [] asks none again", async () => {
    const { pipelineUID } = await addPipeline(s, owner.teamUID, 'Group');
    const first = await addQuestion(s, owner.teamUID, 'First?');
    const second = await addQuestion(s, owner.teamUID, 'Second?');
    await s.database.db.execute(sql`
      UPDATE team_question SET "order" = CASE question_uid WHEN ${first} THEN 1 ELSE 2 END
      WHERE team_uid = ${owner.teamUID} AND question_uid IN (${first}, ${second})`);
    const path = `${T}/pipelines/${pipelineUID}`;
    const access = await owner.client.api(
      `${T}/members/${memberUID}`,
      json('PATCH', { pipelines: [pipelineUID] }),
    );
    expect(access.status).toBe(200);
    const set = await owner.client.api(path, json('PATCH', { questions: [second, first, second] }));
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((set.body!.pipeline as { questions: string[] }).questions).toEqual([first, second]);
    expect(await asked(member, pipelineUID)).toEqual([first, second]);
    const log = await s.database.db.execute<{ resource: string; id: string }>(sql`
      SELECT resource, id FROM change_log WHERE team_uid = ${owner.teamUID}
      ORDER BY seq DESC LIMIT 1`);
    expect(log.rows[0]).toEqual({ resource: 'pipeline', id: pipelineUID });

    expect((await member.api(path, json('PATCH', { questions: [] }))).status).toBe(403);
    expect(await asked(owner.client, pipelineUID)).toEqual([first, second]);

    const cleared = await owner.client.api(path, json('PATCH', { questions: [] }));
    expect((cleared.body!.pipeline as { questions: string[] }).questions).toEqual([]);
  });

  it("answers 400 naming the question for another team's, a test or an unknown question, and changes nothing", async () => {
    const { pipelineUID } = await addPipeline(s, owner.teamUID, 'Strict');
    const mine = await addQuestion(s, owner.teamUID, 'Mine?');
    const trial = await addQuestion(s, owner.teamUID, 'Only a test?', 'test');
    const other = await ownerWithTeam(s, 'bank-other@example.com');
    const theirs = await addQuestion(s, other.teamUID, 'Theirs?');
    const path = `${T}/pipelines/${pipelineUID}`;
    await owner.client.api(path, json('PATCH', { questions: [mine] }));
    for (const [questions, field] of [
      [[mine, theirs], 'questions.1'],
      [[trial], 'questions.0'],
      [['no-such-question'], 'questions.0'],
      [[''], 'questions.0'],
    ] as const) {
      const r = await owner.client.api(path, json('PATCH', { questions, nickName: 'Renamed' }));
      expect(r.status, JSON.stringify(questions)).toBe(400);
      expect(r.body!.error).toMatchObject({ status: 'invalid-argument', field });
    }
    for (const bad of ['q', [1], null, { a: 1 }]) {
      expect((await owner.client.api(path, json('PATCH', { questions: bad }))).status).toBe(400);
    }
    const detail = await owner.client.api(path);
    expect(detail.body!.pipeline).toMatchObject({ nickName: 'Strict', questions: [mine] });
    // Another team's pipeline is not there for this team.
    const { pipelineUID: foreign } = await addPipeline(s, other.teamUID, 'Foreign');
    const cross = await owner.client.api(
      `${T}/pipelines/${foreign}`,
      json('PATCH', { questions: [mine] }),
    );
    expect(cross.status).toBe(404);
    expect(await links(other.teamUID)).toEqual([]);
  });

  it('answers keep their pipeline when the pipeline stops asking or the team deletes the question', async () => {
    const a = await addPipeline(s, owner.teamUID, 'Asks');
    const b = await addPipeline(s, owner.teamUID, 'Other');
    const why = await addQuestion(s, owner.teamUID, 'Why join?');
    await owner.client.api(`${T}/pipelines/${a.pipelineUID}`, json('PATCH', { questions: [why] }));
    const [gtid] = await addContacts(s, owner.teamUID, 1, [a, b]);
    const answer = (p: string, text: string) =>
      owner.client.api(
        `${T}/contacts/${gtid}/pipelines/${p}/answers`,
        json('PUT', { answers: [{ questionUID: why, answer: text }] }),
      );
    expect((await answer(a.pipelineUID, 'For the tips')).status).toBe(200);
    // A pipeline that does not ask the question may still keep an answer to it (e.g. imported).
    expect((await answer(b.pipelineUID, 'Curious')).status).toBe(200);
    await owner.client.api(`${T}/pipelines/${a.pipelineUID}`, json('PATCH', { questions: [] }));
    expect((await owner.client.api(`${T}/questions/${why}`, json('DELETE'))).status).toBe(200);
    const kept = await s.database.db.execute<{ pipeline_uid: string; answer: string }>(sql`
      SELECT pipeline_uid, question, answer FROM answer
      WHERE team_uid = ${owner.teamUID} AND gtid = ${gtid!} ORDER BY answer`);
    expect(kept.rows).toEqual([
      { pipeline_uid: b.pipelineUID, question: 'Why join?', answer: 'Curious' },
      { pipeline_uid: a.pipelineUID, question: 'Why join?', answer: 'For the tips' },
    ]);
    expect(await asked(owner.client, a.pipelineUID)).toEqual([]);
  });

  it("the migration links a Facebook group's pipelines to the team's live questions, and no other", async () => {
    const team = await ownerWithTeam(s, 'bank-migration@example.com');
    const group = await addPipeline(s, team.teamUID, 'Facebook group');
    const blank = await addPipeline(s, team.teamUID, 'Blank URL');
    const linkedin = await addPipeline(s, team.teamUID, 'LinkedIn');
    await s.database.db.execute(sql`
      UPDATE pipeline SET fb_group_url = CASE pipeline_uid
        WHEN ${group.pipelineUID} THEN 'https://www.facebook.com/groups/example'
        WHEN ${blank.pipelineUID} THEN '  ' END
      WHERE team_uid = ${team.teamUID}`);
    const q1 = await addQuestion(s, team.teamUID, 'Q1?');
    const q2 = await addQuestion(s, team.teamUID, 'Q2?');
    await addQuestion(s, team.teamUID, 'Test?', 'test');

    // Back to the schema before the migration, with this data in it; then run it again (its own
    // statements: later migrations are applied already and stay).
    await s.database.db.execute(sql`DROP TABLE pipeline_question`);
    for (const statement of fs
      .readFileSync(path.join(findServerAsset('drizzle'), '0018_pipeline_questions.sql'), 'utf8')
      .split('--> statement-breakpoint')) {
      await s.database.db.execute(sql.raw(statement));
    }

    expect(await links(team.teamUID)).toEqual(
      [q1, q2]
        .map((q) => ({ pipeline_uid: group.pipelineUID, question_uid: q }))
        .sort((x, y) => (x.question_uid < y.question_uid ? -1 : 1)),
    );
    expect(await asked(team.client, linkedin.pipelineUID, `/api/teams/${team.teamUID}`)).toEqual(
      [],
    );
    const newPipeline = await team.client.api(
      `/api/teams/${team.teamUID}/pipelines`,
      json('POST', { nickName: 'After the migration' }),
    );
    expect((newPipeline.body!.pipeline as { questions: string[] }).questions).toEqual([]);
  });
});
