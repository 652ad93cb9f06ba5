/**
 * Where a card goes when it enters a stage without a drop point of its own (SPEC §4 board).
 *
 * A card new to the pipeline (created there, or added to it: from the board, the contact page,
 * the API, a bulk action, an import or a capture) goes first in its stage, where the person who
 * made it looks; at the end of a long column it was lost below the fold. A card moved in from
 * another stage without neighbours (a stage picked on the contact page, a bulk stage change, a
 * deleted stage's cards) goes last. A card dropped between two others takes that place (its neighbours decide, not this rule).
 */
export type StageEntry = 'new-to-pipeline' | 'moved-from-another-stage';

export type StageEnd = 'first' | 'last';

/** Several cards entering one end at once keep the order given among themselves. */
export function stageEntryPlace(entry: StageEntry): StageEnd {
  return entry === 'new-to-pipeline' ? 'first' : 'last';
}
