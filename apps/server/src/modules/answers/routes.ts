import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { replaceAnswers } from './service';

export const MAX_ANSWERS = 100;

const body = z.object({
  answers: z
    .array(
      z.object({
        questionUID: z.string().trim().min(1).max(200).nullable().optional(),
        question: z
          .string()
          .trim()
          .min(1, 'Write the question.')
          .max(2000, 'A question can hold up to 2000 characters.')
          .optional(),
        answer: z.string().trim().max(10_000, 'An answer can hold up to 10000 characters.'),
      }),
    )
    .max(MAX_ANSWERS, `A contact can keep up to ${MAX_ANSWERS} answers per pipeline.`),
});

/** A contact's answers to the team's questions, per pipeline (docs/api.md "Contacts"). */
export function answerRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.put('/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/answers', async (c) => {
    const scope = c.get('scope');
    const { answers } = await jsonBody(c, body);
    const { GTID, groupUID } = c.req.param();
    const opts = c.get('write');
    return c.json(await replaceAnswers(database, scope, GTID, groupUID, answers, opts));
  });

  return app;
}
