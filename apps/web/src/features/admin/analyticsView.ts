/** The analytics events table (GET /api/admin/analytics from the boot work). Pure helpers. */

export const ANALYTICS_LIMITS = [50, 100, 200, 500] as const;
export const DEFAULT_ANALYTICS_LIMIT = 100;

/**
 * Properties as one line of JSON for a table cell, cut at `max` characters with an ellipsis;
 * '' for nothing or an empty object, so the cell stays blank instead of showing `{}`.
 */
export function compactJson(value: unknown, max = 120): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
    return '';
  let text: string;
  try {
    text = JSON.stringify(value) ?? '';
  } catch {
    // A cycle cannot come from JSON, but the cell must never throw.
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

/** The query string of the events call: the name filter only when there is one. */
export function analyticsQuery(limit: number, name: string): { limit: number; name?: string } {
  const trimmed = name.trim();
  return trimmed ? { limit, name: trimmed } : { limit };
}
