import { Badge, Button, Group, Loader, Select, Text, TextInput, Title } from '@mantine/core';
import { IconFilter, IconSearch, IconUserPlus } from '@tabler/icons-react';
import type { ExportColumn, SearchTotal } from '@leadloom/core';
import { memo } from 'react';
import { ExportButton } from '../export/ExportButton';
import { ColumnsMenu } from './ColumnsMenu';
import { SavedViews } from './SavedViews';
import classes from './Table.module.css';
import { formatTotal, type ColumnLayout, type TableQuery } from './tableState';

export interface TableToolbarProps {
  teamUID: string;
  query: TableQuery;
  pipelineOptions: { value: string; label: string }[];
  onPipelineChange: (pipelineUID: string | null) => void;
  text: string;
  onTextChange: (text: string) => void;
  /** A new search (not the next page) is loading. */
  searching: boolean;
  filtersOpen: boolean;
  filterCount: number;
  onToggleFilters: () => void;
  layout: ColumnLayout;
  onLayoutChange: (layout: ColumnLayout) => void;
  onApplySaved: (query: TableQuery, layout: ColumnLayout | null) => void;
  total: SearchTotal | null;
  /** The CSV columns of the columns shown (`exportColumnsOf`). */
  exportColumns: ExportColumn[];
  onAdd: () => void;
}

/**
 * The table's toolbar: what to list (pipeline, search, filters, saved views) on the left, the
 * count, the columns and "New contact" on the right. It wraps instead of overflowing: on a
 * narrow window the right-hand group moves under the left one; on a phone the secondary buttons
 * show only their icons, so it takes three short rows and leaves the screen to the contacts
 * (every action stays whole and reachable); the search box gives up width first. Memoised:
 * pages landing while the table scrolls do not re-render it.
 */
export const TableToolbar = memo(function TableToolbar(props: TableToolbarProps) {
  const pipelineUID = props.query.filter.pipelineUID ?? null;
  return (
    <Group
      justify="space-between"
      px="md"
      py="sm"
      wrap="wrap"
      gap="sm"
      style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}
      className={classes.toolbar}
      role="toolbar"
      aria-label="Contacts table"
      data-testid="table-toolbar"
    >
      <Group gap="sm" wrap="wrap" className={classes.toolbarLeft}>
        <Title order={1} size="h3">
          Contacts
        </Title>
        <Select
          size="xs"
          w={180}
          aria-label="Pipeline"
          data={props.pipelineOptions}
          value={pipelineUID ?? ''}
          allowDeselect={false}
          onChange={(v) => props.onPipelineChange(v || null)}
        />
        <TextInput
          size="xs"
          className={classes.toolbarSearch}
          aria-label="Search contacts"
          placeholder="Search name, e-mail, phone, handle"
          leftSection={<IconSearch size={14} stroke={1.6} />}
          rightSection={props.searching ? <Loader size={12} /> : null}
          value={props.text}
          onChange={(e) => props.onTextChange(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') props.onTextChange('');
          }}
        />
        <Button
          size="xs"
          variant={props.filtersOpen ? 'light' : 'default'}
          leftSection={<IconFilter size={14} stroke={1.6} />}
          rightSection={
            props.filterCount > 0 ? (
              <Badge size="xs" circle>
                {props.filterCount}
              </Badge>
            ) : null
          }
          onClick={props.onToggleFilters}
          aria-expanded={props.filtersOpen}
        >
          Filters
        </Button>
        <SavedViews
          teamUID={props.teamUID}
          query={props.query}
          layout={props.layout}
          onApply={props.onApplySaved}
        />
      </Group>
      <Group gap="sm" wrap="wrap" ml="auto" justify="flex-end">
        <Text
          size="sm"
          c="dimmed"
          data-testid="table-total"
          aria-live="polite"
          style={{ whiteSpace: 'nowrap' }}
        >
          {props.total ? formatTotal(props.total) : ''}
        </Text>
        {/* Every match of the filter, in the table's sort, with the columns shown. */}
        <ExportButton
          teamUID={props.teamUID}
          searchObj={props.query.filter}
          {...(props.query.sort ? { sort: props.query.sort } : {})}
          columns={props.exportColumns}
          {...(props.total?.relation === 'eq' ? { total: props.total.value } : {})}
        />
        <ColumnsMenu
          layout={props.layout}
          onChange={props.onLayoutChange}
          hasPipeline={pipelineUID !== null}
        />
        <Button
          size="xs"
          leftSection={<IconUserPlus size={16} stroke={1.6} />}
          onClick={props.onAdd}
          data-keep-label
        >
          New contact
        </Button>
      </Group>
    </Group>
  );
});
