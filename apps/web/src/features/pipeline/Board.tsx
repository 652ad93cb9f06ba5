import { Button } from '@mantine/core';
import { IconAlertTriangle, IconLayoutKanban } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { StateMessage } from '../../ui/StateMessage';
import { useBoard } from './api';
import { orderedStages } from './board';
import classes from './Board.module.css';
import { BoardSkeleton } from './BoardSkeleton';
import { StageColumn } from './StageColumn';

/** The read-only board of one pipeline: one column per stage, in idx order. */
export function Board({ teamUID, groupUID }: { teamUID: string; groupUID: string }) {
  const board = useBoard(teamUID, groupUID);

  if (board.isPending) return <BoardSkeleton />;
  if (board.isError) {
    if (isApiError(board.error) && board.error.httpStatus === 404) {
      return (
        <StateMessage
          icon={<IconLayoutKanban size={24} />}
          title="Pipeline not found"
          action={
            <Button component={Link} to="/contacts/pipeline" variant="light">
              Open your default pipeline
            </Button>
          }
        >
          It may have been deleted, or you don't have access to it.
        </StateMessage>
      );
    }
    return (
      <StateMessage
        icon={<IconAlertTriangle size={24} />}
        color="red"
        title="Couldn't load the board"
        action={
          <Button variant="light" onClick={() => void board.refetch()} loading={board.isRefetching}>
            Try again
          </Button>
        }
      >
        {board.error.message}
      </StateMessage>
    );
  }

  const stages = orderedStages(board.data);
  if (stages.length === 0) {
    return (
      <StateMessage
        icon={<IconLayoutKanban size={24} />}
        title="This pipeline has no stages yet"
        action={
          <Button
            component={Link}
            to={`/setup/pipelines/${encodeURIComponent(groupUID)}`}
            variant="light"
          >
            Set up stages
          </Button>
        }
      >
        Add stages to start moving contacts through it.
      </StateMessage>
    );
  }
  return (
    <div className={classes.board}>
      {stages.map((stage) => (
        <StageColumn key={stage.stageUID} teamUID={teamUID} groupUID={groupUID} stage={stage} />
      ))}
    </div>
  );
}
