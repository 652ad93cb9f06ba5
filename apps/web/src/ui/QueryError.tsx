import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { StateMessage } from './StateMessage';

/** What {@link QueryError} needs of a TanStack query (plain or infinite). */
export interface RetryableQuery {
  error: Error | null;
  refetch: () => unknown;
  isRefetching: boolean;
}

/** A query's error state: what failed, the server's message, and a "Try again" that refetches. */
export function QueryError({ title, query }: { title: string; query: RetryableQuery }) {
  return (
    <StateMessage
      icon={<IconAlertTriangle size={24} />}
      color="red"
      title={title}
      action={
        <Button variant="light" onClick={() => void query.refetch()} loading={query.isRefetching}>
          Try again
        </Button>
      }
    >
      {query.error?.message ?? 'Something went wrong'}
    </StateMessage>
  );
}
