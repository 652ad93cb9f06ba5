import { Skeleton, Stack } from '@mantine/core';
import classes from './Board.module.css';

const COLUMNS = [5, 3, 4, 2];

/** Stand-in columns while the board loads; same geometry as the real ones. */
export function BoardSkeleton() {
  return (
    <div className={classes.board} aria-busy="true" aria-label="Loading the board">
      {COLUMNS.map((cards, column) => (
        <section key={column} className={classes.column}>
          <div className={classes.columnHeader}>
            <Skeleton height={14} width="55%" />
            <Skeleton height={14} width={24} />
          </div>
          <Stack gap="xs" p="xs">
            {Array.from({ length: cards }, (_, card) => (
              <Skeleton key={card} height={62} />
            ))}
          </Stack>
        </section>
      ))}
    </div>
  );
}
