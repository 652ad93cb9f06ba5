/** The ids this tab sent lately, so the realtime stream's echo of our own change is skipped. */
const OWN_LIMIT = 500;

/** A set that keeps only the `limit` most recently added values. */
export class BoundedSet {
  private readonly values = new Set<string>();
  constructor(private readonly limit: number) {}

  add(value: string): void {
    this.values.delete(value);
    this.values.add(value);
    while (this.values.size > this.limit) {
      const oldest = this.values.values().next().value;
      if (oldest === undefined) break;
      this.values.delete(oldest);
    }
  }

  has(value: string): boolean {
    return this.values.has(value);
  }

  get size(): number {
    return this.values.size;
  }
}

const ownChangeIds = new BoundedSet(OWN_LIMIT);

/** An id for `X-Change-Id`, so the realtime stream can tell this tab its own changes. */
export function newChangeId(): string {
  const id =
    globalThis.crypto?.randomUUID?.() ??
    `chg-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  ownChangeIds.add(id);
  return id;
}

/** Whether this tab generated `changeId` (one of its last few hundred). */
export function isOwnChange(changeId: string | null | undefined): boolean {
  return typeof changeId === 'string' && ownChangeIds.has(changeId);
}
