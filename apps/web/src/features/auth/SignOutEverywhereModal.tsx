import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { tabTeamSlot } from '../session/tabTeam';
import type { LoginLocationState } from './LoginPage';
import { errorMessage } from './messages';

export const SIGNED_OUT_EVERYWHERE_NOTICE = 'You have been signed out on every device.';

/** Confirms, then ends every session of the user (POST /api/auth/revoke-sessions). */
export function SignOutEverywhereModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => api.revokeSessions(),
    onSuccess: async () => {
      queryClient.clear();
      tabTeamSlot.set(null);
      const state: LoginLocationState = { notice: SIGNED_OUT_EVERYWHERE_NOTICE };
      await navigate('/login', { replace: true, state });
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!revoke.isPending) {
          revoke.reset();
          onClose();
        }
      }}
      title="Sign out everywhere?"
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          This signs you out of Leadloom on every device and browser, including this one. The
          browser extension will need you to sign in again too.
        </Text>
        {revoke.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(revoke.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={revoke.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => revoke.mutate()} loading={revoke.isPending}>
            Sign out everywhere
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
