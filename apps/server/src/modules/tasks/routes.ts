import { taskCreateSchema, taskPatchSchema, TASK_VIEWS } from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

const id = z.string().trim().min(1).max(200);
const listQuery = z.object({
  view: z.enum(TASK_VIEWS).default('today'),
  /** `me`, `everyone` or a member's uid. */
  assignee: id.default('me'),
  limit: z.coerce.number().int().min(1).max(service.TASK_PAGE).optional(),
  cursor: z.string().max(500).optional(),
});

/** Tasks (docs/api.md "Tasks"). */
export function taskRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/tasks', async (c) => {
    const started = performance.now();
    const scope = c.get('scope');
    const q = parseWith(listQuery, c.req.query());
    const view = await service.listTaskView(database, scope, q, services.clock.now);
    // Server-Timing: the handler from the scope on (the benchmark's server time, bench/tasks).
    c.header('server-timing', `tasks;dur=${(performance.now() - started).toFixed(1)}`);
    return c.json(view);
  });
  app.get('/teams/:teamUID/tasks-due', async (c) => {
    const scope = c.get('scope');
    return c.json(await service.myDueCounts(database, scope, services.clock.now));
  });
  app.get('/teams/:teamUID/task-assignees', async (c) => {
    const scope = c.get('scope');
    return c.json(await service.taskAssignees(database, scope));
  });
  app.get('/teams/:teamUID/contacts/:GTID/tasks', async (c) => {
    const scope = c.get('scope');
    return c.json(await service.tasksOfContact(database, scope, c.req.param('GTID')));
  });
  app.post('/teams/:teamUID/tasks', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, taskCreateSchema);
    return c.json({ task: await service.createTask(database, scope, body, c.get('write')) }, 201);
  });
  app.patch('/teams/:teamUID/tasks/:taskUID', async (c) => {
    const scope = c.get('scope');
    const taskUID = parseWith(id, c.req.param('taskUID'));
    const body = await jsonBody(c, taskPatchSchema);
    return c.json(
      await service.updateTask(database, scope, taskUID, body, c.get('write'), services.clock.now),
    );
  });
  app.delete('/teams/:teamUID/tasks/:taskUID', async (c) => {
    const scope = c.get('scope');
    const taskUID = parseWith(id, c.req.param('taskUID'));
    return c.json(await service.deleteTask(database, scope, taskUID, c.get('write')));
  });
  return app;
}
