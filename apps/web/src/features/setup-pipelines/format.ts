import type { DeleteImpact } from './types';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "its 3 stages, 120 contacts' places in it, 2 tag sets and 4 deals" — what a delete takes. */
export function impactSentence(impact: DeleteImpact): string {
  const parts = [
    impact.stages > 0 ? plural(impact.stages, 'stage') : null,
    impact.contacts > 0 ? `the places of ${plural(impact.contacts, 'contact')} in it` : null,
    impact.tagSets > 0 ? plural(impact.tagSets, 'tag set') : null,
    impact.deals > 0 ? plural(impact.deals, 'deal') : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'It has no stages, contacts, tag sets or deals yet.';
  const list =
    parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  return `This also deletes ${list}.`;
}

/** The sentence of the stage-delete confirmation. */
export function stageMoveSentence(count: number): string {
  return count === 0
    ? 'No contacts are in this stage.'
    : `${plural(count, 'contact is', 'contacts are')} in this stage; choose where they move.`;
}

export { plural };
