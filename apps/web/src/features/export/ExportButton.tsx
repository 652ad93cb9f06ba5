import { Button, Group, Text, Tooltip, type ButtonProps } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconX } from '@tabler/icons-react';
import {
  exportFileName,
  type ExportColumn,
  type SearchFilter,
  type SearchRequestInput,
} from '@leadloom/core';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { toastSuccess } from '../../ui/toast';
import { countChunk, fileNameOf, newRowCounter, rowsOf } from './rowCounter';

export interface ExportButtonProps {
  teamUID: string;
  /** The current search filter (as `POST /v2`'s `searchObj`): every match is exported. */
  searchObj: SearchFilter;
  /** The current sort (as `POST /v2`). */
  sort?: SearchRequestInput['sort'];
  /** The pipeline whose stage and deal value are written (default: the filter's). */
  pipelineUID?: string;
  /** Columns in order (default: all). */
  columns?: ExportColumn[];
  size?: ButtonProps['size'];
  /** How many contacts match, when the screen knows (shown as "… 500 of 14,000 rows"). */
  total?: number;
  /** The button's label (default "Export CSV"). */
  label?: string;
}

type State =
  { kind: 'idle' } | { kind: 'exporting'; rows: number } | { kind: 'failed'; message: string };

/**
 * Downloads every contact matching the current filter as a CSV file
 * (`POST /api/teams/:teamUID/contacts/export`), showing the rows received as they stream in;
 * a second click cancels. The file is handed to the browser as a Blob link.
 */
export function ExportButton({
  teamUID,
  searchObj,
  sort,
  pipelineUID,
  columns,
  size = 'xs',
  total,
  label = 'Export CSV',
}: ExportButtonProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'exporting', rows: 0 });
    try {
      const response = await api.download(
        `/api/teams/${encodeURIComponent(teamUID)}/contacts/export`,
        {
          searchObj,
          ...(sort ? { sort } : {}),
          ...(pipelineUID ? { pipelineUID } : {}),
          ...(columns ? { columns } : {}),
        },
        { signal: controller.signal },
      );
      const parts: Uint8Array[] = [];
      const decoder = new TextDecoder();
      let counter = newRowCounter();
      let shown = 0;
      const reader = response.body?.getReader();
      if (reader) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value);
          counter = countChunk(counter, decoder.decode(value, { stream: true }));
          const rows = rowsOf(counter);
          // Re-render at most every 500 rows: the count is for people, not a ticker.
          if (rows - shown >= 500) {
            shown = rows;
            setState({ kind: 'exporting', rows });
          }
        }
      }
      const name = fileNameOf(response.headers.get('content-disposition'), exportFileName());
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const rows = rowsOf(counter);
      setState({ kind: 'idle' });
      toastSuccess(
        `${rows.toLocaleString()} ${rows === 1 ? 'contact' : 'contacts'} in ${name}`,
        'Export ready',
      );
    } catch (error) {
      if (controller.signal.aborted) {
        setState({ kind: 'idle' });
        return;
      }
      setState({
        kind: 'failed',
        message: isApiError(error)
          ? error.message
          : 'The download was cut off. Check your connection and try again.',
      });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  if (state.kind === 'exporting') {
    const progress =
      total !== undefined && total >= state.rows
        ? `${state.rows.toLocaleString()} of ${total.toLocaleString()} rows`
        : `${state.rows.toLocaleString()} rows`;
    return (
      <Tooltip label="Cancel the export" withArrow>
        <Button
          size={size}
          variant="light"
          loading={false}
          leftSection={<IconX size={16} stroke={1.6} />}
          onClick={() => abort.current?.abort()}
          aria-label={`Exporting… ${progress}. Cancel`}
          data-testid="export-progress"
        >
          <span aria-live="polite">Exporting… {progress}</span>
        </Button>
      </Tooltip>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      {state.kind === 'failed' && (
        <Text size="xs" c="red" role="alert" maw={260} lineClamp={2} title={state.message}>
          <IconAlertTriangle size={12} style={{ verticalAlign: '-1px' }} /> Export failed:{' '}
          {state.message}
        </Text>
      )}
      <Button
        size={size}
        variant="default"
        leftSection={<IconDownload size={16} stroke={1.6} />}
        onClick={() => void run()}
      >
        {state.kind === 'failed' ? 'Try again' : label}
      </Button>
    </Group>
  );
}
