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

/**
 * PostgreSQL refuses U+0000 in text ("invalid byte sequence", 22021) and in jsonb ("unsupported
 * Unicode escape sequence", 22P05), and a lone surrogate in jsonb ("invalid input syntax for
 * type json", 22P02: JSON.stringify writes it as an escape PostgreSQL cannot translate). The
 * app writes JSON only through JSON.stringify, so each is input the caller sent, not a fault.
 */
export function isUnstorableText(error: unknown): boolean {
  const state = sqlState(error);
  if (state === '22021' || state === '22P05') return true;
  return causes(error).some((e) =>
    /invalid byte sequence for encoding|unsupported Unicode escape sequence|invalid input syntax for type json/.test(
      String((e as { message?: unknown }).message ?? ''),
    ),
  );
}
