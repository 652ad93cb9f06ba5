import { SEARCH_SORT_FIELDS, searchFilterSchema } from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

const id = z.string().trim().min(1).max(128);
const name = z
  .string()
  .trim()
  .min(1, 'Enter a name for the view')
  .max(100, 'Keep the name under 100 characters');
const sort = z
  .object({ field: z.enum(SEARCH_SORT_FIELDS), direction: z.enum(['asc', 'desc']) })
  .strict()
  .nullable();
const columns = z
  .array(z.string().trim().min(1).max(40))
  .max(30)
  .refine((l) => new Set(l).size === l.length, 'List each column once')
  .nullable();

const createBody = z
  .object({
    name,
    filter: searchFilterSchema,
    sort: sort.optional(),
    columns: columns.optional(),
    shared: z.boolean().optional(),
  })
  .strict();
const patchBody = createBody
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one of name, filter, sort, columns, shared',
  });

/** Saved filter sets of the table view (docs/api.md "Saved filter sets"). */
export function filterSetRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/filter-sets', async (c) => {
    const scope = c.get('scope');
    return c.json({ filterSets: await service.listFilterSets(database, scope) });
  });
  app.post('/teams/:teamUID/filter-sets', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, createBody);
    return c.json(
      { filterSet: await service.createFilterSet(database, scope, body, c.get('write')) },
      201,
    );
  });
  app.patch('/teams/:teamUID/filter-sets/:filterSetUID', async (c) => {
    const scope = c.get('scope');
    const filterSetUID = parseWith(id, c.req.param('filterSetUID'));
    const body = await jsonBody(c, patchBody);
    return c.json({
      filterSet: await service.updateFilterSet(database, scope, filterSetUID, body, c.get('write')),
    });
  });
  app.delete('/teams/:teamUID/filter-sets/:filterSetUID', async (c) => {
    const scope = c.get('scope');
    const filterSetUID = parseWith(id, c.req.param('filterSetUID'));
    return c.json(await service.deleteFilterSet(database, scope, filterSetUID, c.get('write')));
  });
  return app;
}
