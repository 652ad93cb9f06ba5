/** Small building blocks shared by the profile and admin screens. */
import { Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { TIMINGS } from '@leadloom/core';
import type { ReactNode } from 'react';
import { StateMessage } from '../../ui/StateMessage';

/** Descriptions under the input, so inputs in a grid line up whether or not they have one. */
export const DESCRIPTION_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** A success toast (SPEC §9: toasts last 5000 ms). */
export function toastSuccess(message: string, title?: string) {
  notifications.show({ color: 'green', title, message, autoClose: TIMINGS.toastMs });
}

export function toastError(error: unknown, title = 'That did not work') {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  notifications.show({ color: 'red', title, message, autoClose: TIMINGS.toastMs });
}

/** Error state of a query with a retry button. */
export function QueryError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <StateMessage
      icon={<IconAlertTriangle size={24} />}
      color="red"
      title={title}
      action={
        <Button variant="light" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
    >
      {error.message}
    </StateMessage>
  );
}

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

/** A confirm dialog: a sentence, Cancel and one action button (focus starts on Cancel). */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  color = 'red',
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
