import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { toastError, toastSuccess } from '../../ui/toast';
import { useDeleteImpact, usePipelineMutations } from './api';
import { impactSentence } from './format';
import type { SetupPipeline } from './types';

/** Names what goes (from delete-impact) before deleting; contacts stay in the team. */
export function DeletePipelineModal({
  teamUID,
  pipeline,
  opened,
  onClose,
  onDeleted,
}: {
  teamUID: string;
  pipeline: SetupPipeline;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const impact = useDeleteImpact(teamUID, pipeline.groupUID, opened);
  const { remove } = usePipelineMutations(teamUID);
  const confirm = () =>
    remove.mutate(pipeline.groupUID, {
      onSuccess: () => {
        toastSuccess(`"${pipeline.nickName}" was deleted.`);
        onClose();
        onDeleted();
      },
      onError: (e) => toastError(e, 'The pipeline was not deleted'),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete "${pipeline.nickName}"?`} centered>
      <Stack gap="md">
        {impact.isPending ? (
          <Stack gap={6} aria-busy="true" aria-label="Loading what goes">
            <Skeleton height={12} />
            <Skeleton height={12} width="70%" />
          </Stack>
        ) : impact.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            Couldn&apos;t check what this pipeline holds: {impact.error.message}
          </Alert>
        ) : (
          <Text size="sm" data-testid="delete-impact">
            {impactSentence(impact.data)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Contacts stay in your team; only their place, stage history, deals, answers and tags in
          this pipeline go.
          {pipeline.isDefault && ' The next pipeline in your order becomes the default.'}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={confirm}
            loading={remove.isPending}
            disabled={!impact.isSuccess}
          >
            Delete pipeline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
