/**
 * Editing helpers for the admin lists saved whole (training videos, announcements). Pure,
 * unit-tested in listEdit.test.ts.
 */

/** The list with item `index` moved by `delta` places; unchanged when that leaves the list. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

export function replaceAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export interface RowFieldError {
  row: number;
  field: string;
  message: string;
}

/**
 * Where a server validation error belongs. The server names the failing path, e.g. `2.url`
 * for a list setting or `announcements.2.link` under an object; `prefix` is the path of the
 * list (`''` or `'announcements'`). The message loses the path the server put in front of it,
 * since the row already shows where it is.
 */
export function rowFieldError(
  error: { field?: string | undefined; message: string } | null | undefined,
  prefix = '',
): RowFieldError | null {
  if (!error?.field) return null;
  const parts = error.field.split('.');
  const head = prefix ? prefix.split('.') : [];
  if (head.some((part, i) => parts[i] !== part)) return null;
  const [row, field] = parts.slice(head.length);
  if (row === undefined || !/^\d+$/.test(row) || !field) return null;
  const message = error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;
  return { row: Number(row), field, message };
}

let nextKey = 0;
/** A stable React key for a row that has no id of its own (rows move and get removed). */
export function rowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}
