/**
 * Counts the CSV records that have arrived while a download streams in (for "Exporting… 12,000
 * rows"): line ends outside quoted fields, carried across chunk boundaries. The header line is
 * not a row.
 */
export interface RowCounter {
  /** Records ended so far, the header included. */
  lines: number;
  /** Inside a quoted field at the end of the last chunk. */
  quoted: boolean;
}

export const newRowCounter = (): RowCounter => ({ lines: 0, quoted: false });

export function countChunk(counter: RowCounter, chunk: string): RowCounter {
  let { lines, quoted } = counter;
  for (let i = 0; i < chunk.length; i++) {
    const ch = chunk.charCodeAt(i);
    if (ch === 34 /* " */) quoted = !quoted;
    else if (ch === 10 /* \n */ && !quoted) lines++;
  }
  return { lines, quoted };
}

/** Rows of contacts (the header line is not one). */
export const rowsOf = (counter: RowCounter) => Math.max(0, counter.lines - 1);

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}
