import { useParams } from 'react-router';
import { QueryError } from '../../ui/QueryError';
import { ScreenLoading } from '../../ui/ScreenLoading';
import { useCurrentTeam } from '../session/CurrentUser';
import { useWorkflow } from './api';
import { WorkflowBuilder } from './WorkflowBuilder';
import { WorkflowsPage } from './WorkflowsPage';

/** /workflows and /workflows/:workflowId: the list, or one workflow's builder. */
export function WorkflowsScreen() {
  const { workflowId } = useParams();
  return workflowId ? <BuilderScreen workflowId={workflowId} /> : <WorkflowsPage />;
}

function BuilderScreen({ workflowId }: { workflowId: string }) {
  const { teamUID, team } = useCurrentTeam();
  const workflow = useWorkflow(teamUID, workflowId);
  if (workflow.isPending) return <ScreenLoading />;
  if (workflow.isError) return <QueryError title="Couldn't load the workflow" query={workflow} />;
  return (
    <WorkflowBuilder
      // A fresh builder for another workflow; the same one keeps its edits over refetches.
      key={workflowId}
      teamUID={teamUID}
      workflow={workflow.data}
      canEdit={team.role === 'owner' || team.role === 'admin'}
    />
  );
}
