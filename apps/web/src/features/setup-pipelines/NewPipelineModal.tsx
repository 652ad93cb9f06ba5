import { Alert, Anchor, Checkbox, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { usePipelineMutations } from './api';
import type { PipelineDetail } from './types';
import { FormActions } from '../../ui/FormActions';

/** Name, optional first stages and "make default"; over the plan's limit the server's message shows. */
export function NewPipelineModal({
  teamUID,
  opened,
  onClose,
  onCreated,
}: {
  teamUID: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (detail: PipelineDetail) => void;
}) {
  const { create } = usePipelineMutations(teamUID);
  const [nickName, setNickName] = useState('');
  const [stages, setStages] = useState<string[]>([]);
  const [isDefault, setIsDefault] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  const close = () => {
    create.reset();
    setNickName('');
    setStages([]);
    setIsDefault(false);
    setNameError(null);
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = nickName.trim();
    if (!name) {
      setNameError('Enter a pipeline name');
      return;
    }
    create.mutate(
      { nickName: name, isDefault, stages: stages.map((s) => ({ name: s })) },
      {
        onSuccess: (detail) => {
          close();
          onCreated(detail);
        },
      },
    );
  };

  const error = create.error;
  const limitReached = isApiError(error) && error.status === 'resource-exhausted';
  const fieldError = isApiError(error) && error.field === 'nickName' ? error.message : null;

  return (
    <Modal opened={opened} onClose={close} title="New pipeline" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {limitReached && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Plan limit reached">
              {error.message}{' '}
              <Anchor component={Link} to="/profile/billing" size="sm">
                See your plan
              </Anchor>
            </Alert>
          )}
          {error && !limitReached && !fieldError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              {error.message}
            </Alert>
          )}
          <TextInput
            label="Name"
            placeholder="e.g. Recruiting"
            value={nickName}
            onChange={(e) => {
              setNickName(e.currentTarget.value);
              setNameError(null);
            }}
            error={nameError ?? fieldError}
            maxLength={120}
            required
            data-autofocus
          />
          <TagsInput
            label="Stages"
            description={'Optional. Type a stage and press Enter; "Set Stage..." is always first.'}
            placeholder="e.g. Contacted"
            value={stages}
            onChange={setStages}
            maxTags={50}
            clearable
          />
          <Checkbox
            label="Make it the default pipeline"
            checked={isDefault}
            onChange={(e) => setIsDefault(e.currentTarget.checked)}
          />
          <FormActions onCancel={close} loading={create.isPending} mt="xs">
            Create pipeline
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
