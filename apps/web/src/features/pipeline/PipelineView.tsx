import { Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLayoutKanban, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NewContactModal } from '../contact/NewContactModal';
import { ExportButton } from '../export/ExportButton';
import { useCurrentTeam } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { usePipelines } from './api';
import { Board } from './Board';
import { defaultPipeline } from './board';
import { NoPipelineAccess } from './NoPipelineAccess';
import { BoardSkeleton } from './BoardSkeleton';
import { PipelineSwitcher } from './PipelineSwitcher';
import { StageList } from './StageList';

/** /contacts/pipeline/:pipelineID?/:stageUID? (with a stage: that stage as a full list). */
export function PipelineView() {
  const { teamUID, team } = useCurrentTeam();
  const canManage = team.role === 'owner' || team.role === 'admin';
  const navigate = useNavigate();
  const { pipelineID, stageUID } = useParams();
  const pipelines = usePipelines(teamUID);

  const groupUID =
    pipelineID ?? (pipelines.data ? (defaultPipeline(pipelines.data)?.groupUID ?? null) : null);
  const current = pipelines.data?.find((p) => p.groupUID === groupUID);
  // "New contact": null = closed; a stage when a column's "+" opened it.
  const [adding, setAdding] = useState<{ stageUID: string | null } | null>(null);
  // The contact just created here, when it has a card on this board (brought into view, lit).
  const [created, setCreated] = useState<string | null>(null);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Group
        justify="space-between"
        px="md"
        py="sm"
        gap="sm"
        // On a phone the actions wrap under the title rather than running off the screen.
        wrap="wrap"
        style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}
      >
        <Group gap="md" wrap="nowrap">
          <Title order={1} size="h3">
            Pipeline
          </Title>
          {pipelines.data && pipelines.data.length > 0 ? (
            <PipelineSwitcher
              pipelines={pipelines.data}
              value={groupUID}
              onChange={(next) => void navigate(`/contacts/pipeline/${encodeURIComponent(next)}`)}
            />
          ) : pipelines.isPending ? (
            <Skeleton height={30} width={240} />
          ) : null}
        </Group>
        <Group gap="md" wrap="nowrap" ml="auto">
          {current && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {current.contactCount.toLocaleString()} contacts
            </Text>
          )}
          {groupUID !== null && (
            // The board's pipeline (one stage's list: that stage) as a CSV file.
            <ExportButton
              teamUID={teamUID}
              searchObj={{ pipelineUID: groupUID, ...(stageUID ? { stageUIDs: [stageUID] } : {}) }}
              pipelineUID={groupUID}
              {...(current && !stageUID ? { total: current.contactCount } : {})}
            />
          )}
          <Button
            size="xs"
            leftSection={<IconUserPlus size={16} stroke={1.6} />}
            onClick={() => setAdding({ stageUID: null })}
            disabled={pipelines.isPending}
          >
            New contact
          </Button>
        </Group>
      </Group>
      <NewContactModal
        opened={adding !== null}
        onClose={() => setAdding(null)}
        teamUID={teamUID}
        pipelineUID={groupUID}
        stageUID={adding?.stageUID ?? null}
        onCreated={(answer) => {
          if (answer.pipelines.some((p) => p.groupUID === groupUID))
            setCreated(answer.contact.GTID);
        }}
      />
      <div style={{ flex: 1, minHeight: 0 }}>
        {/* A board named by the URL loads alongside the pipeline list, not after it. */}
        {pipelines.isPending && !pipelineID ? (
          <BoardSkeleton />
        ) : pipelines.isError && !pipelineID ? (
          <StateMessage
            icon={<IconAlertTriangle size={24} />}
            color="red"
            title="Couldn't load your pipelines"
            action={
              <Button
                variant="light"
                onClick={() => void pipelines.refetch()}
                loading={pipelines.isRefetching}
              >
                Try again
              </Button>
            }
          >
            {pipelines.error?.message}
          </StateMessage>
        ) : groupUID === null && !canManage ? (
          <NoPipelineAccess teamUID={teamUID} />
        ) : groupUID === null ? (
          <StateMessage
            icon={<IconLayoutKanban size={24} />}
            title="No pipelines yet"
            action={
              <Button component={Link} to="/setup/pipelines" variant="light">
                Create a pipeline
              </Button>
            }
          >
            Pipelines hold your contacts in stages, from first message to closed deal.
          </StateMessage>
        ) : stageUID ? (
          <StageList key={stageUID} teamUID={teamUID} groupUID={groupUID} stageUID={stageUID} />
        ) : (
          <Board
            key={groupUID}
            teamUID={teamUID}
            groupUID={groupUID}
            onAddContact={(stageUID) => setAdding({ stageUID })}
            newCardId={created}
          />
        )}
      </div>
    </div>
  );
}
