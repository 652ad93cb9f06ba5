import { subscriptionStatus, tierValue, notFound } from '@leadloom/core';
import { systemScope, teamSystemScope } from '../../db/scope';
import { type Db, inTx } from '../../db/tx';
import { planSummary } from '../plans/service';
import type { SubscriptionInput } from '@leadloom/core';
import { replaceFeatureFlags, replaceSubscription } from '../plans/team-plan';
import * as adminRepo from './admin.repo';
import * as repo from './members.repo';
import { presentInvitation, presentMember } from './members';

/** Super-admin team screens (SPEC §6 "super"); the routes answer 404 to everyone else. */

export async function listTeams(db: Db, q: string) {
  const teams = await adminRepo.searchTeams(systemScope('admin: teams'), db.db, q);
  return {
    teams: teams.map((t) => ({
      teamUID: t.teamUID,
      name: t.name,
      ownerEmail: t.ownerEmail,
      members: t.members,
      status: subscriptionStatus(t.subscription),
      tier: tierValue(t.subscription?.tier),
    })),
  };
}

export async function teamDetail(db: Db, teamUID: string) {
  const scope = teamSystemScope('admin: team detail', teamUID);
  const team = await adminRepo.findTeam(scope, db.db);
  if (!team) throw notFound('Team not found');
  const plan = await planSummary(scope, db.db);
  return {
    team: {
      teamUID: team.teamUID,
      name: team.name,
      ownerUID: team.ownerUID,
      ownerEmail: team.ownerEmail,
      createdAt: team.createdAt,
    },
    members: (await repo.listMembers(scope, db.db)).map(presentMember),
    invitations: (await repo.listOpenInvitations(scope, db.db)).map((i) =>
      presentInvitation(i, true),
    ),
    subscription: plan.subscription,
    status: plan.status,
    allowsUse: plan.allowsUse,
    limits: plan.limits,
    features: plan.features,
    flags: plan.flags,
    usage: plan.usage,
  };
}

export async function setSubscription(db: Db, teamUID: string, sub: SubscriptionInput) {
  const scope = teamSystemScope('admin: set subscription', teamUID);
  await inTx(db, scope, (tx) => replaceSubscription(tx, scope, sub));
  return { subscription: sub };
}

export async function setFlags(db: Db, teamUID: string, flags: Record<string, boolean>) {
  const scope = teamSystemScope('admin: set flags', teamUID);
  await inTx(db, scope, (tx) => replaceFeatureFlags(tx, scope, flags));
  return { flags };
}
