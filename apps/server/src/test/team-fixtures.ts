import { sql } from 'drizzle-orm';
import { newGtid, newPushId } from '@leadloom/core';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import { createApp } from '../http/app';
import { insertTeam } from '../modules/teams/repo';
import type { TestServices } from './harness';
import { TestClient } from './http-client';

/** Fixtures for team tests: users, teams, members, pipelines and contacts written directly. */

export const PASSWORD = 'fixture-password';

/** Tier 3 with 6 seats: the owner plus 5 members or invitations. */
export const PLAN = {
  status: 'active',
  tier: { value: 3, name: 'pro' },
  includedContacts: 25000,
  includedSeats: 6,
  addons: { contactBlocks: 0, teamMembers: 0 },
  platforms: { facebook: { level: 'pro' }, instagram: { level: 'pro' } },
};

export async function createUser(s: TestServices, email: string, name = email.split('@')[0]!) {
  const r = await s.auth.api.signUpEmail({ body: { email, password: PASSWORD, name } });
  return r.user.id;
}

export async function createTeam(
  s: TestServices,
  ownerUID: string,
  subscription: Record<string, unknown> = PLAN,
  name = 'Team',
) {
  const teamUID = newPushId();
  const scope = systemScope('test');
  await withTx(s.database, scope, (tx) =>
    insertTeam(scope, tx.db, {
      teamUID,
      name,
      slug: `t-${teamUID.toLowerCase()}`,
      ownerUID,
      subscription,
    }),
  );
  return teamUID;
}

export async function addMember(
  s: TestServices,
  teamUID: string,
  uid: string,
  role: 'admin' | 'member' = 'member',
  pipelines: string[] = [],
) {
  await s.database.db.execute(sql`
    INSERT INTO "member" (id, "organizationId", "userId", role, "createdAt")
    VALUES (${`${teamUID}-${uid}`}, ${teamUID}, ${uid}, ${role}, now())`);
  for (const p of pipelines) {
    await s.database.db.execute(sql`
      INSERT INTO pipeline_access (team_uid, uid, pipeline_uid) VALUES (${teamUID}, ${uid}, ${p})`);
  }
}

/** A pipeline with one stage; returns both ids. */
export async function addPipeline(s: TestServices, teamUID: string, nickName = 'Pipeline') {
  const pipelineUID = newPushId();
  const stageUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO pipeline (team_uid, pipeline_uid, nick_name) VALUES (${teamUID}, ${pipelineUID}, ${nickName})`);
  await s.database.db.execute(sql`
    INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, idx)
    VALUES (${teamUID}, ${stageUID}, ${pipelineUID}, 'Set Stage...', '#fff', '#f00', 0)`);
  return { pipelineUID, stageUID };
}

/** `n` contacts, each placed in the given pipelines' first stage (none = unplaced). */
export async function addContacts(
  s: TestServices,
  teamUID: string,
  n: number,
  placements: { pipelineUID: string; stageUID: string }[] = [],
) {
  const gtids: string[] = [];
  for (let i = 0; i < n; i++) {
    const gtid = `${newGtid()}-${i}-${newPushId()}`;
    gtids.push(gtid);
    await s.database.db.execute(sql`
      INSERT INTO contact (team_uid, gtid, full_name) VALUES (${teamUID}, ${gtid}, ${`Contact ${i}`})`);
    for (const p of placements) {
      await s.database.db.execute(sql`
        INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
        VALUES (${teamUID}, ${gtid}, ${p.pipelineUID}, ${p.stageUID}, ${`a${i}`})`);
    }
  }
  return gtids;
}

/** A pending invitation written directly (to fill seats without the API). */
export async function addInvitation(
  s: TestServices,
  teamUID: string,
  invitedByUID: string,
  email: string,
  expiresAt = new Date(Date.now() + 86_400_000),
) {
  const code = newPushId() + newPushId();
  await s.database.db.execute(sql`
    INSERT INTO team_invitation (team_uid, invite_code, email, invited_by_uid, expires_at)
    VALUES (${teamUID}, ${code}, ${email}, ${invitedByUID}, ${expiresAt.toISOString()})`);
  return code;
}

export async function makeSuper(s: TestServices, uid: string) {
  await s.database.db.execute(sql`UPDATE "user" SET role = 'admin' WHERE id = ${uid}`);
}

export function signIn(s: TestServices, email: string) {
  return new TestClient(createApp(s)).signIn(email, PASSWORD);
}

/** A user with a team of their own, signed in. */
export async function ownerWithTeam(
  s: TestServices,
  email: string,
  subscription: Record<string, unknown> = PLAN,
) {
  const uid = await createUser(s, email);
  const teamUID = await createTeam(s, uid, subscription, `${email}'s team`);
  return { uid, teamUID, client: await signIn(s, email) };
}
