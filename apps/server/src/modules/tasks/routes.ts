import { createRoute } from '@hono/zod-openapi';
import {
  pathParam,
  taskAnswer,
  taskAssigneesAnswer,
  taskChangeAnswer,
  taskCreateSchema,
  taskDeletedAnswer,
  taskListQuery,
  taskPageAnswer,
  taskPatchSchema,
  tasksAnswer,
  tasksDueAnswer,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import * as service from './service';

const tags = ['tasks'];
const teamParams = z.object({ teamUID: pathParam });
const taskParams = teamParams.extend({ taskUID: z.string().trim().min(1).max(200) });

/** Tasks (docs/api.md "Tasks"). */
export function taskRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/tasks',
    tags,
    summary: 'One view of tasks (today, overdue, upcoming, done), by assignee, a page at a time.',
    request: { params: teamParams, query: taskListQuery },
    responses: { 200: jsonResponse(taskPageAnswer, 'A page of tasks') },
  });
  openRoute(app, list, async (c) => {
    const started = performance.now();
    const q = c.req.valid('query');
    const view = await service.listTaskView(database, c.get('scope'), q, services.clock.now);
    // Server-Timing: the handler from the scope on (the benchmark's server time, bench/tasks).
    c.header('server-timing', `tasks;dur=${(performance.now() - started).toFixed(1)}`);
    return c.json(view);
  });

  const due = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/tasks-due',
    tags,
    summary: 'The caller’s open tasks due today and overdue, for the navigation badge.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(tasksDueAnswer, 'The counts') },
  });
  openRoute(app, due, async (c) =>
    c.json(await service.myDueCounts(database, c.get('scope'), services.clock.now)),
  );

  const assignees = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/task-assignees',
    tags,
    summary: 'The team’s members with their time zones, for the assignee pickers.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(taskAssigneesAnswer, 'The members') },
  });
  openRoute(app, assignees, async (c) =>
    c.json(await service.taskAssignees(database, c.get('scope'))),
  );

  const ofContact = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/contacts/{GTID}/tasks',
    tags,
    summary: 'A contact’s tasks.',
    request: { params: teamParams.extend({ GTID: pathParam }) },
    responses: { 200: jsonResponse(tasksAnswer, 'The tasks') },
  });
  openRoute(app, ofContact, async (c) =>
    c.json(await service.tasksOfContact(database, c.get('scope'), c.req.valid('param').GTID)),
  );

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/tasks',
    tags,
    summary: 'Creates a task, on a contact or free-standing.',
    request: { params: teamParams, body: jsonRequest(taskCreateSchema) },
    responses: { 201: jsonResponse(taskAnswer, 'The new task') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const task = await service.createTask(database, c.get('scope'), body, c.get('write'));
    return c.json({ task }, 201);
  });

  const update = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/tasks/{taskUID}',
    tags,
    summary: 'Changes a task; completing a repeating task makes its next occurrence.',
    request: { params: taskParams, body: jsonRequest(taskPatchSchema) },
    responses: { 200: jsonResponse(taskChangeAnswer, 'The task, and its next occurrence') },
  });
  openRoute(app, update, async (c) => {
    const { taskUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(
      await service.updateTask(database, scope, taskUID, body, c.get('write'), services.clock.now),
    );
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/tasks/{taskUID}',
    tags,
    summary: 'Deletes a task.',
    request: { params: taskParams },
    responses: { 200: jsonResponse(taskDeletedAnswer, 'The task is gone') },
  });
  openRoute(app, remove, async (c) => {
    const { taskUID } = c.req.valid('param');
    return c.json(await service.deleteTask(database, c.get('scope'), taskUID, c.get('write')));
  });

  return app;
}
