/** `list` with the item at `from` moved to `to` (out-of-range indexes change nothing). */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The new order of ids after dragging `activeId` onto `overId`, or null when nothing moves. */
export function reorderIds(ids: readonly string[], activeId: string, overId: string) {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return null;
  return moveTo(ids, from, to);
}
