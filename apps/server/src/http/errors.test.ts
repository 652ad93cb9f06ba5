import { DomainError, ERRORS } from '@leadloom/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, respondError } from './errors';

/** One error mapper: whatever layer throws, the answer is `{error: {status, message, field?}}`. */
function appThrowing(error: unknown) {
  const app = new Hono();
  app.onError((e, c) => respondError(c, e));
  app.get('/', () => {
    throw error;
  });
  return app;
}

async function answer(error: unknown) {
  const res = await appThrowing(error).request('/');
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('respondError', () => {
  it("answers core's DomainError with its catalogue status and message", async () => {
    expect(await answer(new DomainError('conflict'))).toEqual({
      status: 409,
      body: { error: { status: 'conflict', message: ERRORS.conflict.message } },
    });
    expect(await answer(new DomainError('invalid-argument', 'name: too long', 'name'))).toEqual({
      status: 400,
      body: { error: { status: 'invalid-argument', message: 'name: too long', field: 'name' } },
    });
  });

  it('answers ApiError, a DomainError, as before', async () => {
    const error = new ApiError('not-found', 'Team not found');
    expect(error).toBeInstanceOf(DomainError);
    expect(error.httpCode).toBe(404);
    expect(await answer(error)).toEqual({
      status: 404,
      body: { error: { status: 'not-found', message: 'Team not found' } },
    });
  });

  it('answers a zod error as a 400 naming the field, and anything else as a 500', async () => {
    const zod = z.object({ name: z.string() }).safeParse({ name: 1 }).error;
    const bad = await answer(zod);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { status: 'invalid-argument', field: 'name' } });
    expect(await answer(new Error('secret detail'))).toEqual({
      status: 500,
      body: { error: { status: 'internal', message: 'Something went wrong' } },
    });
  });
});
