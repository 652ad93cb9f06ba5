import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DEFAULT_TAG_SET_COLOR } from '@leadloom/core';
import { IconArrowsExchange, IconInfoCircle, IconPlus, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePipelines } from '../pipeline/api';
import { QueryError } from '../../ui/QueryError';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { useOrphanedTags, useTagMutations, useTagSets } from './api';
import { NameColorForm } from './forms';
import { SortableList } from '../../ui/Sortable';
import { TagSetCard } from './TagSetCard';
import { GLOBAL_SCOPE } from './tagsView';

/** Up to this many pipelines the scope switcher is a segmented control, beyond it a select. */
const SEGMENTS_MAX = 4;

/** /setup/tags: global tag sets and each pipeline's, with their tags (SPEC §3 Tag set). */
export function TagsPage() {
  const { teamUID, team } = useCurrentTeam();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  const [params, setParams] = useSearchParams();
  const pipelines = usePipelines(teamUID);
  const sets = useTagSets(teamUID);
  const orphans = useOrphanedTags(teamUID);
  const m = useTagMutations(teamUID);
  const [creating, setCreating] = useState(false);

  const requested = params.get('pipeline');
  const known = pipelines.data?.some((p) => p.groupUID === requested);
  const scope = requested && known ? requested : GLOBAL_SCOPE;
  const pipelineUID = scope === GLOBAL_SCOPE ? null : scope;
  const pipelineName = pipelines.data?.find((p) => p.groupUID === pipelineUID)?.nickName;
  const scopeLabel = pipelineUID === null ? 'global' : `“${pipelineName ?? 'pipeline'}”`;

  const options = [
    { value: GLOBAL_SCOPE, label: 'Global' },
    ...(pipelines.data ?? []).map((p) => ({ value: p.groupUID, label: p.nickName })),
  ];
  const choose = (value: string | null) => {
    setCreating(false);
    setParams(value && value !== GLOBAL_SCOPE ? { pipeline: value } : {}, { replace: true });
  };

  const inScope = (sets.data ?? [])
    .filter((s) => s.pipelineUID === pipelineUID)
    .sort((a, b) => a.order - b.order);
  const orphanCount = orphans.data?.length ?? 0;

  const newSetButton = canEdit && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New tag set
    </Button>
  );

  return (
    <Box maw={960} px="lg" py="md">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Tags
          </Title>
          <Text size="sm" c="dimmed" maw={560}>
            Tag sets group the tags you put on contacts. Global sets apply in every pipeline; a
            pipeline’s sets only there.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            component={Link}
            to="/setup/tags-reconciliation"
            variant="default"
            leftSection={<IconArrowsExchange size={16} />}
            rightSection={
              orphanCount > 0 ? (
                <Badge size="sm" color="orange" variant="filled" circle={orphanCount < 10}>
                  {orphanCount}
                </Badge>
              ) : undefined
            }
          >
            Tag reconciliation
          </Button>
          {newSetButton}
        </Group>
      </Group>

      <Group mb="md" gap="sm">
        {pipelines.isPending ? (
          <Skeleton height={30} width={260} />
        ) : options.length <= SEGMENTS_MAX + 1 ? (
          <SegmentedControl
            aria-label="Whose tag sets"
            data={options}
            value={scope}
            onChange={choose}
            size="sm"
          />
        ) : (
          <Select
            aria-label="Whose tag sets"
            data={options}
            value={scope}
            onChange={choose}
            searchable
            w={280}
          />
        )}
      </Group>

      {!canEdit && (
        <Alert icon={<IconInfoCircle size={16} />} color="gray" mb="md" py="xs">
          Only team owners and admins can change tags. You can see every tag set you have access to.
        </Alert>
      )}

      {creating && (
        <Card mb="sm" aria-label="New tag set">
          <Text size="sm" fw={600} mb={6}>
            New {pipelineUID === null ? 'global tag set' : `tag set for ${pipelineName}`}
          </Text>
          <NameColorForm
            initial={{ name: '', color: DEFAULT_TAG_SET_COLOR }}
            nameLabel="Tag set name"
            saveLabel="Create"
            saving={m.createSet.isPending}
            error={m.createSet.error}
            onCancel={() => {
              m.createSet.reset();
              setCreating(false);
            }}
            onSave={(v) =>
              m.createSet.mutate(
                { ...v, pipelineUID },
                {
                  onSuccess: (set) => {
                    setCreating(false);
                    toastSuccess(`Add its tags below.`, `Created the tag set “${set.name}”`);
                  },
                },
              )
            }
          />
        </Card>
      )}

      {sets.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading tag sets">
          {[0, 1].map((i) => (
            <Card key={i}>
              <Skeleton height={14} width="30%" mb="sm" />
              <Skeleton height={20} width="60%" mb={6} />
              <Skeleton height={20} width="45%" />
            </Card>
          ))}
        </Stack>
      ) : sets.isError ? (
        <QueryError title="Couldn't load your tag sets" query={sets} />
      ) : inScope.length === 0 && !creating ? (
        <StateMessage
          icon={<IconTags size={24} />}
          title={`No ${scopeLabel} tag sets yet`}
          action={
            canEdit ? (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setCreating(true)}
              >
                Create a tag set
              </Button>
            ) : undefined
          }
        >
          {canEdit
            ? 'A tag set holds related tags, such as interests or lead sources. Create one, then add its tags.'
            : 'Ask a team owner or admin to create one.'}
        </StateMessage>
      ) : (
        <SortableList
          ids={inScope.map((s) => s.tagSetUID)}
          disabled={!canEdit}
          onReorder={(order) =>
            m.orderSets.mutate(
              { pipelineUID, order },
              { onError: (e) => toastError(e, 'The new order was not saved') },
            )
          }
        >
          {inScope.map((set) => (
            <TagSetCard key={set.tagSetUID} teamUID={teamUID} set={set} canEdit={canEdit} />
          ))}
        </SortableList>
      )}
    </Box>
  );
}
