import type { ColumnLayout, TableQuery } from './tableState';

/** Saved filter sets (filled in by the next step). */
export function SavedViews(_props: {
  teamUID: string;
  query: TableQuery;
  layout: ColumnLayout;
  onApply: (query: TableQuery, layout: ColumnLayout | null) => void;
}) {
  return null;
}
