import type { SearchFilter, SearchTotal } from '@leadloom/core';
import type { Selection } from './tableState';

/** The bulk action bar (filled in by a later step). */
export function BulkBar(_props: {
  teamUID: string;
  selection: Selection;
  total: SearchTotal | null;
  loadedCount: number;
  filter: SearchFilter;
  pipelineUID: string | null;
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  return null;
}
