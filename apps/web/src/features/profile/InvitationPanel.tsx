import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useCurrentUser, useOptionalCurrentTeam } from '../session/CurrentUser';
import { useAcceptInvitation, useInvitation } from './api';
import { toastSuccess } from '../../ui/toast';
import { capitalize } from './format';

const CLOSED_STATUS_TEXT: Record<string, string> = {
  accepted: 'This invitation has already been accepted.',
  revoked: 'This invitation was revoked by the team.',
  expired: 'This invitation has expired. Ask the team for a new one.',
};

/** SPEC §4 guard step 5: /profile/team?inviteCode=… shows the invitation to accept. */
export function InvitationPanel({ code }: { code: string }) {
  const me = useCurrentUser();
  const invitation = useInvitation(code);
  const current = useOptionalCurrentTeam();
  const accept = useAcceptInvitation(code);
  // Once the user data (with the new membership) is back: say so in a toast (the screen may
  // reload for the new team), drop the code from the URL and work in the joined team.
  const acceptAndSwitch = () =>
    accept.mutate(undefined, {
      onSuccess: ({ teamUID }) => {
        toastSuccess(`You joined ${invitation.data?.teamName ?? 'the team'}.`);
        dismiss();
        current?.switchTeam(teamUID);
      },
    });
  const [, setParams] = useSearchParams();
  const dismiss = () =>
    setParams(
      (params) => {
        params.delete('inviteCode');
        return params;
      },
      { replace: true },
    );

  if (invitation.isPending) {
    return (
      <Paper p="md" aria-busy="true">
        <Skeleton height={18} width="40%" mb="xs" />
        <Skeleton height={14} width="70%" />
      </Paper>
    );
  }
  if (invitation.isError) {
    return (
      <Alert color="red" title="This invitation cannot be opened" withCloseButton onClose={dismiss}>
        {invitation.error.message}
      </Alert>
    );
  }

  const info = invitation.data;
  const emailDiffers = info.email.toLowerCase() !== me.email.toLowerCase();
  if (accept.isSuccess) {
    return (
      <Alert color="green" title={`You are in ${info.teamName}`} withCloseButton onClose={dismiss}>
        Welcome! This tab now works in {info.teamName}; switch teams from the team menu.
      </Alert>
    );
  }

  return (
    <Paper p="md" aria-labelledby="invitation-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <IconMail size={22} stroke={1.6} aria-hidden />
          <Stack gap={4}>
            <Title order={2} size="h3" id="invitation-title">
              Invitation to {info.teamName}
            </Title>
            <Text size="sm">
              {info.inviterName || 'A team admin'} invited {info.email} to join as{' '}
              <Badge size="sm">{capitalize(info.role)}</Badge>
            </Text>
            {info.status !== 'pending' && (
              <Text size="sm" c={info.status === 'accepted' ? 'dimmed' : 'red'}>
                {CLOSED_STATUS_TEXT[info.status] ?? 'This invitation can no longer be accepted.'}
              </Text>
            )}
            {info.status === 'pending' && emailDiffers && (
              <Text size="sm" c="dimmed">
                It was sent to {info.email}; you are signed in as {me.email}.
              </Text>
            )}
            {accept.error && (
              <Text size="sm" c="red" role="alert">
                {accept.error.message}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={dismiss}>
            Not now
          </Button>
          {info.status === 'pending' && (
            <Button onClick={acceptAndSwitch} loading={accept.isPending}>
              Accept invitation
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
