import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  NavLink,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconEye,
  IconHelpCircle,
  IconLayoutKanban,
  IconListDetails,
  IconPlus,
  IconSettings,
  IconStack2,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { usePipelines } from '../pipeline/api';
import { defaultPipeline } from '../pipeline/board';
import type { PipelineSummary } from '../pipeline/types';
import { QueryError } from '../../ui/QueryError';
import { useCurrentTeam } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { NoPipelineAccess } from '../pipeline/NoPipelineAccess';
import { usePipelineDetail } from './api';
import { useCanEditSetup } from './common';
import { DeletePipelineModal } from './DeletePipelineModal';
import { NewPipelineModal } from './NewPipelineModal';
import { PhasesTab } from './PhasesTab';
import { QuestionsTab } from './QuestionsTab';
import { SettingsTab } from './SettingsTab';
import { StagesTab } from './StagesTab';
import { ListSkeleton } from '../../ui/Skeletons';

export const SETUP_TABS = ['stages', 'settings', 'phases', 'questions'] as const;
export type SetupTab = (typeof SETUP_TABS)[number];
const isSetupTab = (v: string | undefined): v is SetupTab =>
  (SETUP_TABS as readonly (string | undefined)[]).includes(v);

export const setupPath = (groupUID: string, tab: SetupTab = 'stages', stageUID?: string) =>
  `/setup/pipelines/${encodeURIComponent(groupUID)}/${tab}${
    stageUID ? `/${encodeURIComponent(stageUID)}` : ''
  }`;

/** /setup/pipelines/:pipelineID?/:tab?/:stageUID? — the pipelines left, the chosen one right. */
export function SetupPipelinesPage() {
  const { teamUID } = useCurrentTeam();
  const { pipelineID, tab } = useParams();
  const navigate = useNavigate();
  const pipelines = usePipelines(teamUID);
  const canEdit = useCanEditSetup();
  const [creating, setCreating] = useState(false);

  const sorted = pipelines.data ? [...pipelines.data].sort((a, b) => a.order - b.order) : [];
  if (pipelines.data && sorted.length > 0) {
    const known = sorted.some((p) => p.groupUID === pipelineID);
    if (!pipelineID || (!known && !pipelines.isFetching)) {
      const first = defaultPipeline(sorted) ?? sorted[0]!;
      return <Navigate to={setupPath(first.groupUID)} replace />;
    }
    if (!isSetupTab(tab)) return <Navigate to={setupPath(pipelineID)} replace />;
  }

  return (
    <Box px="lg" py="md" maw={1280}>
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Pipelines
          </Title>
          <Text size="sm" c="dimmed">
            Stages, phases and membership questions of your team&apos;s pipelines.
          </Text>
        </div>
        <Button
          component={Link}
          to="/setup/pipelines-order"
          variant="default"
          leftSection={<IconArrowsSort size={16} stroke={1.6} />}
        >
          Pipeline order
        </Button>
      </Group>
      {!canEdit && (
        <Alert icon={<IconEye size={18} />} color="gray" mb="md" variant="light">
          You can look at the setup; team owners and admins change it.
        </Alert>
      )}
      {pipelines.isPending ? (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Paper w={260} p="sm">
            <ListSkeleton label="Loading pipelines" height={28} gap="xs" />
          </Paper>
          <Paper p="md" style={{ flex: 1 }}>
            <Skeleton height={20} width={200} mb="md" />
            <Skeleton height={200} />
          </Paper>
        </Group>
      ) : pipelines.isError ? (
        <QueryError title="Couldn't load your pipelines" query={pipelines} />
      ) : sorted.length === 0 && !canEdit ? (
        <Paper p="md">
          <NoPipelineAccess teamUID={teamUID} />
        </Paper>
      ) : sorted.length === 0 ? (
        <Paper p="md">
          <StateMessage
            icon={<IconLayoutKanban size={24} />}
            title="No pipelines yet"
            action={
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                New pipeline
              </Button>
            }
          >
            A pipeline holds your contacts in stages, from first message to closed deal. Create your
            first one.
          </StateMessage>
        </Paper>
      ) : (
        // On a phone the list sits above the pipeline instead of squeezing it.
        <Group align="flex-start" gap="md" wrap="wrap">
          <PipelineListPane
            pipelines={sorted}
            current={pipelineID ?? null}
            canEdit={canEdit}
            onNew={() => setCreating(true)}
          />
          {pipelineID && isSetupTab(tab) && (
            <PipelinePane key={pipelineID} teamUID={teamUID} groupUID={pipelineID} tab={tab} />
          )}
        </Group>
      )}
      <NewPipelineModal
        teamUID={teamUID}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(detail) => void navigate(setupPath(detail.pipeline.groupUID))}
      />
    </Box>
  );
}

function PipelineListPane({
  pipelines,
  current,
  canEdit,
  onNew,
}: {
  pipelines: PipelineSummary[];
  current: string | null;
  canEdit: boolean;
  onNew: () => void;
}) {
  return (
    <Paper
      w={{ base: '100%', sm: 260 }}
      p="xs"
      style={{ flexShrink: 0 }}
      component="nav"
      aria-label="Pipelines"
    >
      {canEdit && (
        <Button
          fullWidth
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={onNew}
          mb="xs"
        >
          New pipeline
        </Button>
      )}
      <Stack gap={2}>
        {pipelines.map((p) => (
          <NavLink
            key={p.groupUID}
            component={Link}
            to={setupPath(p.groupUID)}
            active={p.groupUID === current}
            aria-current={p.groupUID === current ? 'page' : undefined}
            label={
              <Text size="sm" fw={500} truncate>
                {p.nickName}
              </Text>
            }
            description={`${p.contactCount.toLocaleString()} contact${p.contactCount === 1 ? '' : 's'}`}
            rightSection={
              p.isDefault ? (
                <Badge size="xs" variant="light">
                  Default
                </Badge>
              ) : null
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}

function PipelinePane({
  teamUID,
  groupUID,
  tab,
}: {
  teamUID: string;
  groupUID: string;
  tab: SetupTab;
}) {
  const navigate = useNavigate();
  const canEdit = useCanEditSetup();
  const detail = usePipelineDetail(teamUID, groupUID);
  const [deleting, setDeleting] = useState(false);

  if (detail.isPending) {
    return (
      <Paper p="md" style={{ flex: 1 }} aria-busy="true" aria-label="Loading pipeline">
        <Skeleton height={22} width={220} mb="md" />
        <Skeleton height={30} mb="md" />
        <Stack gap="xs">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      </Paper>
    );
  }
  if (detail.isError) {
    return (
      <Paper p="md" style={{ flex: 1 }}>
        <QueryError title="Couldn't load this pipeline" query={detail} />
      </Paper>
    );
  }
  const { pipeline } = detail.data;
  return (
    <Paper p="md" style={{ flex: '1 1 320px', minWidth: 0 }}>
      {/* On a phone "Delete pipeline" goes under the name rather than squeezing it. */}
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={2} size="h3" lineClamp={1}>
            {pipeline.nickName}
          </Title>
          {pipeline.isDefault && (
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
              Default
            </Badge>
          )}
        </Group>
        {canEdit && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => setDeleting(true)}
          >
            Delete pipeline
          </Button>
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(next) => next && void navigate(setupPath(groupUID, next as SetupTab))}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="stages" leftSection={<IconStack2 size={16} stroke={1.6} />}>
            Stages
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} stroke={1.6} />}>
            Settings
          </Tabs.Tab>
          <Tabs.Tab value="phases" leftSection={<IconListDetails size={16} stroke={1.6} />}>
            Phases
          </Tabs.Tab>
          <Tabs.Tab value="questions" leftSection={<IconHelpCircle size={16} stroke={1.6} />}>
            Questions
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="stages">
          <StagesTab teamUID={teamUID} detail={detail.data} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab teamUID={teamUID} pipeline={pipeline} />
        </Tabs.Panel>
        <Tabs.Panel value="phases">
          <PhasesTab teamUID={teamUID} />
        </Tabs.Panel>
        <Tabs.Panel value="questions">
          <QuestionsTab teamUID={teamUID} pipeline={pipeline} />
        </Tabs.Panel>
      </Tabs>
      <DeletePipelineModal
        teamUID={teamUID}
        pipeline={pipeline}
        opened={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/setup/pipelines', { replace: true })}
      />
    </Paper>
  );
}
