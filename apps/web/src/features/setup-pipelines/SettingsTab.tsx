import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { httpUrlMessage, isHttpUrl, normalizeHttpUrl } from '@leadloom/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { toastSuccess } from '../../ui/toast';
import { useConnections, usePipelineMutations } from './api';
import { useCanEditSetup } from './common';
import type { PipelinePatch, SetupPipeline } from './types';

/** SPEC §3 Pipeline: nickName, isDefault, fbGroupURL, fbConnected, igConnected and its connections. */
export function SettingsTab({ teamUID, pipeline }: { teamUID: string; pipeline: SetupPipeline }) {
  const canEdit = useCanEditSetup();
  const { update } = usePipelineMutations(teamUID);
  const connections = useConnections(teamUID, canEdit);
  const [nickName, setNickName] = useState(pipeline.nickName);
  const [isDefault, setIsDefault] = useState(pipeline.isDefault);
  const [fbGroupURL, setFbGroupURL] = useState(pipeline.fbGroupURL ?? '');
  const [fbConnected, setFbConnected] = useState(pipeline.fbConnected);
  const [igConnected, setIgConnected] = useState(pipeline.igConnected);
  const [linked, setLinked] = useState<string[]>(pipeline.connections);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const patch: PipelinePatch = {};
  if (nickName.trim() !== pipeline.nickName) patch.nickName = nickName.trim();
  if (isDefault !== pipeline.isDefault) patch.isDefault = isDefault;
  if ((fbGroupURL.trim() || null) !== pipeline.fbGroupURL)
    patch.fbGroupURL = fbGroupURL.trim() || null;
  if (fbConnected !== pipeline.fbConnected) patch.fbConnected = fbConnected;
  if (igConnected !== pipeline.igConnected) patch.igConnected = igConnected;
  if ([...linked].sort().join() !== [...pipeline.connections].sort().join())
    patch.connections = linked;
  const dirty = Object.keys(patch).length > 0;

  const reset = () => {
    setNickName(pipeline.nickName);
    setIsDefault(pipeline.isDefault);
    setFbGroupURL(pipeline.fbGroupURL ?? '');
    setFbConnected(pipeline.fbConnected);
    setIgConnected(pipeline.igConnected);
    setLinked(pipeline.connections);
    setErrors({});
    update.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!nickName.trim()) next.nickName = 'Enter a pipeline name';
    const groupURL = normalizeHttpUrl(fbGroupURL);
    if (groupURL && !isHttpUrl(groupURL)) next.fbGroupURL = httpUrlMessage('Facebook group URL');
    setErrors(next);
    if (Object.keys(next).length > 0 || !dirty) return;
    update.mutate(
      { groupUID: pipeline.groupUID, patch },
      {
        onSuccess: () => toastSuccess('Pipeline settings saved.'),
        onError: (error) => {
          if (isApiError(error) && error.field) {
            setErrors({ [error.field.split('.')[0]!]: error.message });
          }
        },
      },
    );
  };

  const connectionData = (connections.data ?? []).map((c) => ({
    value: c.connectionUID,
    label: `${c.name || c.system}${c.name ? ` (${c.system})` : ''}${c.status === 'inactive' ? ' · inactive' : c.isPaused ? ' · paused' : ''}`,
  }));
  const generalError = update.error && !(isApiError(update.error) && update.error.field);

  return (
    <form onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && reset()} noValidate>
      <Stack gap="md" maw={560}>
        {generalError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {update.error?.message}
          </Alert>
        )}
        <TextInput
          label="Name"
          value={nickName}
          onChange={(e) => setNickName(e.currentTarget.value)}
          error={errors.nickName}
          readOnly={!canEdit}
          maxLength={120}
        />
        <Switch
          label="Default pipeline"
          description={
            pipeline.isDefault
              ? 'This is the pipeline new contacts and the board start in. To change it, make another pipeline the default.'
              : 'New contacts and the board start in the default pipeline.'
          }
          checked={isDefault}
          onChange={(e) => setIsDefault(e.currentTarget.checked)}
          disabled={!canEdit || pipeline.isDefault}
          error={errors.isDefault}
        />
        <TextInput
          label="Facebook group address"
          placeholder="https://www.facebook.com/groups/..."
          description="The group whose members join this pipeline."
          value={fbGroupURL}
          onChange={(e) => setFbGroupURL(e.currentTarget.value)}
          error={errors.fbGroupURL}
          readOnly={!canEdit}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group gap="xl">
          <Switch
            label="Facebook connected"
            checked={fbConnected}
            onChange={(e) => setFbConnected(e.currentTarget.checked)}
            disabled={!canEdit}
          />
          <Switch
            label="Instagram connected"
            checked={igConnected}
            onChange={(e) => setIgConnected(e.currentTarget.checked)}
            disabled={!canEdit}
          />
        </Group>
        {canEdit && (
          <MultiSelect
            label="Syncs to connections"
            description={
              connections.data && connections.data.length === 0 ? (
                <>
                  No connections yet.{' '}
                  <Anchor component={Link} to="/setup/connections" size="xs">
                    Set one up
                  </Anchor>{' '}
                  to sync this pipeline&apos;s contacts to another system.
                </>
              ) : (
                'Changes in this pipeline are sent to these systems.'
              )
            }
            placeholder={linked.length === 0 ? 'None' : undefined}
            data={connectionData}
            value={linked}
            onChange={setLinked}
            disabled={connections.isPending || connections.data?.length === 0}
            error={
              errors.connections ??
              (connections.isError
                ? `Couldn't load connections: ${connections.error.message}`
                : undefined)
            }
            clearable
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        )}
        {canEdit && (
          <Group gap="xs">
            <Button type="submit" loading={update.isPending} disabled={!dirty}>
              Save settings
            </Button>
            {dirty && (
              <Button variant="default" onClick={reset}>
                Discard changes
              </Button>
            )}
            {!dirty && (
              <Text size="xs" c="dimmed">
                No unsaved changes
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
