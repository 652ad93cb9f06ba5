/** Drizzle wraps driver errors ("Failed query: ...") with the original as `cause`. */
export function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 10) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The PostgreSQL error code (SQLSTATE) anywhere in the chain, e.g. 23505. */
export function sqlState(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

export function hasCause<T>(error: unknown, type: new (...args: never[]) => T): boolean {
  return causes(error).some((e) => e instanceof type);
}
