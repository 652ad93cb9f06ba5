/** A template's short preview line in lists: its text with white space folded. */
export function templateSnippet(body: string, max = 90): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
