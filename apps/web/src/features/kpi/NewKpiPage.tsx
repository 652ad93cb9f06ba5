import { Box, Button, Paper, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { StateMessage } from '../../ui/StateMessage';
import { toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { useKpiMutations } from './api';
import { KpiForm } from './KpiForm';

/**
 * /dashboard/new-kpi (issue 8): owners and admins define a KPI with the KPI form (KpiForm.tsx,
 * also the "Edit" of a KPI on /dashboard/kpi).
 */
export function NewKpiPage() {
  const { teamUID, team } = useCurrentTeam();
  const navigate = useNavigate();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  const { create } = useKpiMutations(teamUID);

  if (!canEdit) {
    return (
      <StateMessage
        icon={<IconLock size={24} />}
        title="Only owners and admins create KPIs"
        action={
          <Button component={Link} to="/dashboard/kpi" variant="light">
            See the team’s KPIs
          </Button>
        }
      >
        Ask an owner or admin of {team.name ?? 'your team'} to add the KPI you need.
      </StateMessage>
    );
  }

  return (
    <Box maw={640} px="lg" py="md">
      <Title order={1} size="h2">
        New KPI
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Count what the team does, per member, against a target. Numbers start from the team’s
        existing activity.
      </Text>
      <Paper withBorder p="md">
        <KpiForm
          ariaLabel="New KPI"
          submitLabel="Create KPI"
          saving={create.isPending}
          onSave={async (body) => {
            const { kpi } = await create.mutateAsync(body);
            toastSuccess(`Created the KPI “${kpi.name}”.`);
            void navigate('/dashboard/kpi');
          }}
          onCancel={() => void navigate('/dashboard/kpi')}
        />
      </Paper>
    </Box>
  );
}
