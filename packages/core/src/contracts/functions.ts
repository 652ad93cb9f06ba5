import { z } from 'zod';

/**
 * Callable functions (SPEC §7): `POST /api/functions/<name>` with `{data}`, answered `{result}`.
 * Each function is its own path; these are their results.
 */
export const CALLABLE_RESULTS = {
  /** SPEC §7 "Get web app version": the published version. */
  'v2-app-getWebAppVersion': z.object({ version: z.string() }),
  /** SPEC §7: a single-sign-on token for a partner domain. */
  'v2-auth-generateCFToken': z.object({ token: z.string() }),
} as const;
export type CallableName = keyof typeof CALLABLE_RESULTS;

/** The answer of a callable function: `{result}`. */
export const callableAnswer = <N extends CallableName>(name: N) =>
  z.object({ result: CALLABLE_RESULTS[name] as (typeof CALLABLE_RESULTS)[N] });
export type CallableAnswer<N extends CallableName> = z.infer<ReturnType<typeof callableAnswer<N>>>;
