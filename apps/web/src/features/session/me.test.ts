import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type * as ApiModule from '../../lib/api';

// GET /api/me as the query sees it: every call counted, answered by the test.
const answers: (() => Promise<unknown>)[] = [];
let calls = 0;
vi.mock('../../lib/api', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiModule>();
  return {
    ...actual,
    api: {
      get: () => {
        calls += 1;
        return (answers.shift() ?? (() => Promise.resolve({ uid: 'u1' })))();
      },
    },
  };
});

const { isUserDataMissing, meQueryKey, meQueryOptions } = await import('./me');

const notFound = new ApiError({
  status: 'not-found',
  message: 'User data not found',
  httpStatus: 404,
});
const serverError = new ApiError({ status: 'error', message: 'Internal error', httpStatus: 500 });

/** The boot's /api/me, already answered with `error` when the first screen mounts. */
async function bootFailedWith(error: ApiError): Promise<QueryClient> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery({
    queryKey: meQueryKey,
    queryFn: () => Promise.reject(error),
    retry: false,
  });
  return client;
}

/** A screen mounting useMe: an observer of the query, subscribed. */
function mountMe(client: QueryClient) {
  const observer = new QueryObserver(client, meQueryOptions());
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  answers.length = 0;
  calls = 0;
});

describe('the signed-in user query', () => {
  it('keeps a "not found" from the boot on mount: the guard signs out on it', async () => {
    const client = await bootFailedWith(notFound);
    const { observer, unsubscribe } = mountMe(client);
    await settle();
    expect(calls).toBe(0);
    expect(isUserDataMissing(observer.getCurrentResult().error)).toBe(true);
    unsubscribe();
  });

  it('asks again on mount after any other failure', async () => {
    const client = await bootFailedWith(serverError);
    const { observer, unsubscribe } = mountMe(client);
    await settle();
    expect(calls).toBe(1);
    expect(observer.getCurrentResult().data).toEqual({ uid: 'u1' });
    unsubscribe();
  });

  it('tells a missing user from other failures', () => {
    expect(isUserDataMissing(notFound)).toBe(true);
    expect(isUserDataMissing(serverError)).toBe(false);
    expect(isUserDataMissing(new Error('offline'))).toBe(false);
  });
});
