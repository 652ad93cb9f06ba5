/**
 * True when a partial update names no column. drizzle's `update().set()` leaves out the keys
 * that are undefined, and throws on a SET with nothing in it: a patch that changes nothing
 * skips the statement instead.
 */
export const setsNothing = (set: Record<string, unknown>): boolean =>
  Object.values(set).every((v) => v === undefined);
