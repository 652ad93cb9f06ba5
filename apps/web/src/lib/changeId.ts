/** An id for `X-Change-Id`, so the realtime stream can tell this tab its own changes. */
export function newChangeId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `chg-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}
