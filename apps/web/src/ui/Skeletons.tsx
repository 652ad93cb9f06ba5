import { Skeleton, Stack, Table, type MantineSpacing } from '@mantine/core';

/** Placeholder rows while a table loads. */
export function TableSkeleton({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <Table verticalSpacing="xs" aria-busy="true" aria-label="Loading">
      <Table.Tbody>
        {Array.from({ length: rows }, (_, row) => (
          <Table.Tr key={row}>
            {Array.from({ length: columns }, (_, col) => (
              <Table.Td key={col}>
                <Skeleton height={14} width={col === 0 ? '70%' : '50%'} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Placeholder lines while a list loads, shaped like the rows to come: full width for lists of
 * rows and cards, `tapered` (each line shorter than the one above) for lists of text lines.
 */
export function ListSkeleton({
  label,
  rows = 3,
  height,
  gap = 6,
  tapered = false,
}: {
  /** Read by screen readers: "Loading phases". */
  label: string;
  rows?: number;
  height: number;
  gap?: MantineSpacing | number;
  tapered?: boolean;
}) {
  return (
    <Stack gap={gap} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} width={tapered ? `${75 - i * 12}%` : undefined} />
      ))}
    </Stack>
  );
}
