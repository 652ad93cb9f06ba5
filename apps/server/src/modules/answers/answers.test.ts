import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import {
  addQuestion,
  changeLogOf,
  contactWorld,
  countRows,
  type ContactWorld,
} from '../contact-parts/test-helpers';

let s: TestServices;
let w: ContactWorld;
let why: string;
let otherTeamQuestion: string;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'answers');
  why = await addQuestion(s, w.teamUID, 'Why did you join?');
  otherTeamQuestion = await addQuestion(s, w.other.teamUID, 'Not yours');
});
afterAll(() => s.cleanup());

interface Answer {
  answerUID: string;
  questionUID: string | null;
  question: string;
  answer: string;
}

const answersPath = (gtid: string, pipelineUID = w.p1.pipelineUID, teamUID = w.teamUID) =>
  `/api/teams/${teamUID}/contacts/${gtid}/pipelines/${pipelineUID}/answers`;
const put = (client: ContactWorld['member'], path: string, body: unknown) =>
  client.api(path, { method: 'PUT', body: JSON.stringify(body) });

async function stored(gtid: string) {
  const r = await s.database.pool.query(
    `SELECT pipeline_uid, question_uid, question, answer FROM answer
     WHERE team_uid = $1 AND gtid = $2 ORDER BY pipeline_uid, "order"`,
    [w.teamUID, gtid],
  );
  return r.rows;
}

describe(`answers of a contact per pipeline (${ENGINE})`, () => {
  it('replaces the list, taking a team question’s text when the question is left out', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1, w.p2]);
    await put(w.owner.client, answersPath(gtid!, w.p2.pipelineUID), {
      answers: [{ question: 'Kept?', answer: 'yes' }],
    });
    const first = await put(w.member, answersPath(gtid!), {
      answers: [
        { questionUID: why, answer: 'To learn' },
        { question: 'Where do you live?', answer: 'Lisbon' },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body!.answers as Answer[]).map(({ answerUID: _, ...a }) => a)).toEqual([
      { questionUID: why, question: 'Why did you join?', answer: 'To learn' },
      { questionUID: null, question: 'Where do you live?', answer: 'Lisbon' },
    ]);

    const second = await w.member.api(answersPath(gtid!), {
      method: 'PUT',
      headers: { 'x-change-id': 'chg-answers' },
      body: JSON.stringify({
        answers: [{ questionUID: why, question: 'Why join?', answer: 'Friends' }],
      }),
    });
    expect(second.status).toBe(200);
    const rows = await stored(gtid!);
    expect(rows.filter((r) => r.pipeline_uid === w.p1.pipelineUID)).toEqual([
      {
        pipeline_uid: w.p1.pipelineUID,
        question_uid: why,
        question: 'Why join?',
        answer: 'Friends',
      },
    ]);
    // The other pipeline's answers stay.
    expect(rows.filter((r) => r.pipeline_uid === w.p2.pipelineUID)).toHaveLength(1);
    const log = (await changeLogOf(s, w.teamUID)).filter((l) => l.change_id === 'chg-answers');
    expect(log.map((l) => [l.resource, l.op]).sort()).toEqual([
      ['answer', 'delete'],
      ['answer', 'delete'],
      ['answer', 'insert'],
    ]);

    expect((await put(w.member, answersPath(gtid!), { answers: [] })).body).toEqual({
      answers: [],
    });
    expect((await stored(gtid!)).filter((r) => r.pipeline_uid === w.p1.pipelineUID)).toEqual([]);
  });

  it('answers 400 naming the field for bad input, writing nothing', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await put(w.owner.client, answersPath(gtid!), { answers: [{ question: 'Q', answer: 'A' }] });
    const before = await stored(gtid!);
    const changes = await countRows(s, 'change_log', w.teamUID);
    for (const [body, field] of [
      [{}, 'answers'],
      [{ answers: 'x' }, 'answers'],
      [{ answers: [{ question: 'Q' }] }, 'answers.0.answer'],
      [{ answers: [{ answer: 'no question' }] }, 'answers.0.question'],
      [
        {
          answers: [
            { question: 'ok', answer: 'a' },
            { questionUID: 'nope', answer: 'a' },
          ],
        },
        'answers.1.questionUID',
      ],
      [{ answers: [{ questionUID: otherTeamQuestion, answer: 'a' }] }, 'answers.0.questionUID'],
      [{ answers: Array.from({ length: 101 }, () => ({ question: 'q', answer: 'a' })) }, 'answers'],
    ] as const) {
      const res = await put(w.owner.client, answersPath(gtid!), body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body!.error, JSON.stringify(body).slice(0, 80)).toMatchObject({
        status: 'invalid-argument',
        field,
      });
    }
    expect(await stored(gtid!)).toEqual(before);
    expect(await countRows(s, 'change_log', w.teamUID)).toBe(changes);
  });

  it('answers 404 for a pipeline the contact is not in, a hidden pipeline, or another team', async () => {
    const [inBoth] = await addContacts(s, w.teamUID, 1, [w.p1, w.p2]);
    const [onlyP1] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const body = { answers: [{ question: 'Q', answer: 'A' }] };
    const notIn = await put(w.owner.client, answersPath(onlyP1!, w.p2.pipelineUID), body);
    expect(notIn.status).toBe(404);
    expect(notIn.body!.error).toMatchObject({ field: 'groupUID' });
    expect((await put(w.member, answersPath(inBoth!, w.p2.pipelineUID), body)).status).toBe(404);
    expect((await put(w.other.client, answersPath(inBoth!), body)).status).toBe(404);
    expect(
      (await put(w.other.client, answersPath(inBoth!, w.p1.pipelineUID, w.other.teamUID), body))
        .status,
    ).toBe(404);
    expect(await stored(inBoth!)).toEqual([]);
    expect(await stored(onlyP1!)).toEqual([]);
  });
});
