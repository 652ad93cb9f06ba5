import { isAppPath, isHttpUrl } from '@leadloom/core';

/**
 * A stored address as a live `href` or `src`: http(s) only (and an app path where the field
 * allows one), else undefined, so the element renders without it. The server refuses anything
 * else; this covers rows stored before it did.
 */
export function safeUrl(
  value: string | null | undefined,
  options: { appPath?: boolean } = {},
): string | undefined {
  if (!value) return undefined;
  if (isHttpUrl(value)) return value;
  return options.appPath && isAppPath(value) ? value : undefined;
}
