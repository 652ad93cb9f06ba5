import { subscriptionStatus, tierValue, notFound } from '@leadloom/core';
import type { Database } from '../../db/database';
import { systemScope, teamSystemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { planSummary } from '../plans/service';
import type { SubscriptionInput } from '../plans/subscription-schema';
import { replaceFeatureFlags, replaceSubscription } from '../plans/team-plan';
import * as adminRepo from './admin.repo';
import * as repo from './members.repo';
import { presentInvitation, presentMember } from './members';

/** Super-admin team screens (SPEC §6 "super"); the routes answer 404 to everyone else. */

export async function listTeams(database: Database, q: string) {
  const teams = await adminRepo.searchTeams(systemScope('admin: teams'), database.db, q);
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

export async function teamDetail(database: Database, teamUID: string) {
  const scope = teamSystemScope('admin: team detail', teamUID);
  const team = await adminRepo.findTeam(scope, database.db);
  if (!team) throw notFound('Team not found');
  const plan = await planSummary(scope, database.db);
  return {
    team: {
      teamUID: team.teamUID,
      name: team.name,
      ownerUID: team.ownerUID,
      ownerEmail: team.ownerEmail,
      createdAt: team.createdAt,
    },
    members: (await repo.listMembers(scope, database.db)).map(presentMember),
    invitations: (await repo.listOpenInvitations(scope, database.db)).map((i) =>
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

export async function setSubscription(database: Database, teamUID: string, sub: SubscriptionInput) {
  const scope = teamSystemScope('admin: set subscription', teamUID);
  await withTx(database, scope, (tx) => replaceSubscription(tx, scope, sub));
  return { subscription: sub };
}

export async function setFlags(
  database: Database,
  teamUID: string,
  flags: Record<string, boolean>,
) {
  const scope = teamSystemScope('admin: set flags', teamUID);
  await withTx(database, scope, (tx) => replaceFeatureFlags(tx, scope, flags));
  return { flags };
}
