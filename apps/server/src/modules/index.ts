import type { ModuleManifest } from './manifest';
import { accountModule } from './account/module';
import { activitiesModule } from './activities/module';
import { adminModule } from './admin/module';
import { analyticsModule } from './analytics/module';
import { answersModule } from './answers/module';
import { boardModule } from './board/module';
import { bootModule } from './boot/module';
import { bulkModule } from './bulk/module';
import { connectionsModule } from './connections/module';
import { contactLabelsModule } from './contact-labels/module';
import { contactPartsModule } from './contact-parts/module';
import { contactTagsModule } from './contact-tags/module';
import { contactsModule } from './contacts/module';
import { dashboardModule } from './dashboard/module';
import { dealsModule } from './deals/module';
import { exportModule } from './export/module';
import { extensionModule } from './extension/module';
import { filterSetsModule } from './filter-sets/module';
import { functionsModule } from './functions/module';
import { kpisModule } from './kpis/module';
import { labelsModule } from './labels/module';
import { mailModule } from './mail/module';
import { memberSyncModule } from './member-sync/module';
import { messageTemplatesModule } from './message-templates/module';
import { notesModule } from './notes/module';
import { notificationsModule } from './notifications/module';
import { outboxModule } from './outbox/module';
import { outreachModule } from './outreach/module';
import { partnerModule } from './partner/module';
import { pipelinesModule } from './pipelines/module';
import { plansModule } from './plans/module';
import { searchModule } from './search/module';
import { settingsModule } from './settings/module';
import { signupModule } from './signup/module';
import { syncModule } from './sync/module';
import { tagsModule } from './tags/module';
import { taskTemplatesModule } from './task-templates/module';
import { tasksModule } from './tasks/module';
import { teamsModule } from './teams/module';
import { webhooksModule } from './webhooks/module';
import { workflowsModule } from './workflows/module';

/**
 * Every module of the server, one line each: the HTTP app mounts their routers in this order
 * (earlier routers answer first where two could match), the job queue creates their queues and
 * the start-up runs their workers. A folder under modules/ without its line here fails
 * `modules.test.ts`.
 */
export const MODULES: readonly ModuleManifest[] = [
  accountModule,
  boardModule,
  functionsModule,
  adminModule,
  teamsModule,
  plansModule,
  settingsModule,
  bootModule,
  memberSyncModule,
  analyticsModule,
  notificationsModule,
  extensionModule,
  contactsModule,
  activitiesModule,
  notesModule,
  tagsModule,
  labelsModule,
  pipelinesModule,
  connectionsModule,
  contactLabelsModule,
  contactTagsModule,
  dealsModule,
  answersModule,
  searchModule,
  bulkModule,
  exportModule,
  messageTemplatesModule,
  tasksModule,
  filterSetsModule,
  taskTemplatesModule,
  dashboardModule,
  kpisModule,
  signupModule,
  contactPartsModule,
  mailModule,
  partnerModule,
  syncModule,
  webhooksModule,
  outreachModule,
  outboxModule,
  workflowsModule,
];
