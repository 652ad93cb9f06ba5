import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { sqlState } from './db/errors';

export type { Logger };

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Properties of database errors that carry the statement's values: drizzle's and PGlite's
 * `params` (drizzle also writes them into its message), PGlite's `queryOptions`, and
 * PostgreSQL's `detail` ("Key (email)=(ada@example.com) already exists").
 */
const VALUE_KEYS = new Set(['params', 'queryOptions', 'detail']);

/**
 * Logs errors without the values of the statements that failed (they hold people's names,
 * e-mails and notes): the statement text, the error codes and the stack stay for diagnosis.
 */
export function serializeError(err: unknown): unknown {
  const serialized = stdSerializers.err(withoutValues(err) as Error) as unknown;
  // The SQLSTATE of a wrapped driver error, which the cause's message alone does not show.
  const code = sqlState(err);
  if (code && serialized && typeof serialized === 'object' && !('code' in serialized)) {
    (serialized as Record<string, unknown>).code = code;
  }
  return serialized;
}

function withoutValues(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 10) return err;
  const message = messageWithoutValues(err);
  const copy = new Error(message);
  copy.name = err.name;
  copy.stack = `${err.name}: ${message}${framesOf(err)}`;
  for (const [key, value] of Object.entries(err)) {
    if (VALUE_KEYS.has(key) || key === 'cause') continue;
    (copy as unknown as Record<string, unknown>)[key] =
      value instanceof Error ? withoutValues(value, depth + 1) : value;
  }
  if (err.cause !== undefined) copy.cause = withoutValues(err.cause, depth + 1);
  // stdSerializers names the type after the constructor: keep the original's.
  Object.defineProperty(copy, 'constructor', { value: err.constructor, enumerable: false });
  return copy;
}

/** The stack's frames, without its first line(s): the original message. */
function framesOf(err: Error): string {
  const stack = err.stack ?? '';
  const head = `${err.name}: ${err.message}`;
  if (stack.startsWith(head)) return stack.slice(head.length);
  const firstFrame = stack.search(/\n\s+at /);
  return firstFrame >= 0 ? stack.slice(firstFrame) : '';
}

function messageWithoutValues(err: Error): string {
  const e = err as Error & { query?: unknown; params?: unknown; code?: unknown };
  // drizzle: "Failed query: <sql>\nparams: <values>"
  if (typeof e.query === 'string' && 'params' in e && e.message.startsWith('Failed query:')) {
    return `Failed query: ${e.query}`;
  }
  // PostgreSQL's data exceptions (class 22) quote the value: 'invalid input syntax for type
  // integer: "ada@example.com"'.
  if (typeof e.code === 'string' && e.code.startsWith('22')) return e.message.replace(/: .*$/s, '');
  return e.message;
}
