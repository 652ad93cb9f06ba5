import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertCircle, IconMailOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { api, isApiError } from '../../lib/api';
import { meQueryKey, useMe } from '../session/me';
import { pendingInviteSlot } from '../session/pendingInvite';
import { AuthScreen } from './AuthScreen';
import {
  closedInvitationMessage,
  invitationKey,
  sameEmail,
  useInvitation,
  type Invitation,
} from './invitation';
import { errorMessage, loginBase } from './messages';
import { SignInForm } from './SignInForm';
import { useStartSession } from './useStartSession';

/** /login/invite/:inviteCode: shows the invitation and accepts it. */
export function InvitationScreen({ inviteCode }: { inviteCode: string }) {
  const invitation = useInvitation(inviteCode);

  // Kept while the user signs in (SPEC §4 step 5 hands it to the profile's team tab).
  const pending = invitation.data?.status === 'pending';
  useEffect(() => {
    if (inviteCode && (invitation.isPending || pending)) pendingInviteSlot.set(inviteCode);
    else if (inviteCode && pendingInviteSlot.get() === inviteCode) pendingInviteSlot.set(null);
  }, [inviteCode, invitation.isPending, pending]);

  if (!inviteCode) {
    return <ClosedInvitation title="This invitation link is incomplete" text={INCOMPLETE} />;
  }
  if (invitation.isPending) {
    return (
      <AuthScreen title="Your invitation" subtitle="Looking up your invitation…">
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={18} width="70%" />
          <Skeleton height={14} />
          <Skeleton height={36} mt="sm" />
        </Stack>
      </AuthScreen>
    );
  }
  if (invitation.isError) {
    if (isApiError(invitation.error) && invitation.error.httpStatus === 404) {
      return <ClosedInvitation title="We couldn't find this invitation" text={INCOMPLETE} />;
    }
    return (
      <AuthScreen title="Your invitation">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(invitation.error)}
        </Alert>
        <Button
          variant="light"
          onClick={() => void invitation.refetch()}
          loading={invitation.isRefetching}
        >
          Try again
        </Button>
      </AuthScreen>
    );
  }
  if (invitation.data.status !== 'pending') {
    return <ClosedInvitation {...closedInvitationMessage(invitation.data)} />;
  }
  return <PendingInvitation inviteCode={inviteCode} invitation={invitation.data} />;
}

const INCOMPLETE =
  'Check that you opened the whole link from your invitation e-mail, or ask for a new invitation.';

function ClosedInvitation({ title, text }: { title: string; text: string }) {
  const { pathname } = useLocation();
  return (
    <AuthScreen title={title}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="gray" size="lg" radius="xl" style={{ flex: 'none' }}>
          <IconMailOff size={18} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Text size="sm">{text}</Text>
      </Group>
      <Button component={Link} to={loginBase(pathname)} variant="light">
        Go to sign-in
      </Button>
    </AuthScreen>
  );
}

function InvitationCard({ invitation }: { invitation: Invitation }) {
  return (
    <Paper p="md" bg="var(--mantine-color-default-hover)" withBorder={false}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate>
            {invitation.teamName}
          </Text>
          <Badge>{invitation.role}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Invited by {invitation.inviterName || 'a team admin'}
        </Text>
        <Text size="sm" c="dimmed">
          For {invitation.email}
        </Text>
      </Stack>
    </Paper>
  );
}

function PendingInvitation({
  inviteCode,
  invitation,
}: {
  inviteCode: string;
  invitation: Invitation;
}) {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const me = useMe();
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  const [name, setName] = useState('');

  const accept = useMutation({
    mutationFn: async () => {
      const result = await api.acceptInvitation(
        inviteCode,
        name.trim() ? { name: name.trim() } : {},
      );
      pendingInviteSlot.set(null);
      // New accounts land without a password; the guard sends them to choose one first.
      await startSession(next, { teamUID: result.teamUID });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: invitationKey(inviteCode) }),
  });

  async function signInThenAccept() {
    try {
      await accept.mutateAsync();
    } catch {
      // Shown with the invitation; the screen below re-reads who is signed in now.
    } finally {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    }
  }

  const acceptError = accept.isError && (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {errorMessage(accept.error)}
    </Alert>
  );
  const subtitle = `${invitation.inviterName || 'A team admin'} invited you to join ${invitation.teamName} on Leadloom.`;

  if (me.isPending) {
    return (
      <AuthScreen title={`Join ${invitation.teamName}`} subtitle={subtitle}>
        <InvitationCard invitation={invitation} />
        <Skeleton height={36} />
      </AuthScreen>
    );
  }

  const user = me.data ?? null;
  if (user && sameEmail(user.email, invitation.email)) {
    return (
      <AuthScreen title={`Join ${invitation.teamName}`} subtitle={subtitle}>
        <InvitationCard invitation={invitation} />
        {acceptError}
        <Button onClick={() => accept.mutate()} loading={accept.isPending} autoFocus>
          Accept invitation
        </Button>
      </AuthScreen>
    );
  }

  if (user) {
    const here = pathname + search;
    return (
      <AuthScreen title={`Join ${invitation.teamName}`} subtitle={subtitle}>
        <InvitationCard invitation={invitation} />
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
          You're signed in as {user.email}, but this invitation is for {invitation.email}. Sign out,
          then sign in or join as {invitation.email}.
        </Alert>
        <Button component={Link} to={`/logout?next=${encodeURIComponent(here)}`}>
          Sign out and continue
        </Button>
        <Anchor component={Link} to="/" size="sm" ta="center">
          Stay signed in as {user.email}
        </Anchor>
      </AuthScreen>
    );
  }

  if (invitation.hasAccount) {
    return (
      <AuthScreen
        title={`Join ${invitation.teamName}`}
        subtitle={`${subtitle} You already have an account: sign in as ${invitation.email} to accept.`}
      >
        <InvitationCard invitation={invitation} />
        {acceptError}
        <SignInForm
          defaultEmail={invitation.email}
          submitLabel="Sign in and accept"
          onSignedIn={signInThenAccept}
        />
      </AuthScreen>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!accept.isPending) accept.mutate();
  }

  return (
    <AuthScreen
      title={`Join ${invitation.teamName}`}
      subtitle={subtitle}
      footer={
        <>
          Not {invitation.email}?{' '}
          <Anchor component={Link} to={loginBase(pathname)}>
            Sign in with another account
          </Anchor>
        </>
      }
    >
      <InvitationCard invitation={invitation} />
      <form onSubmit={submit} noValidate aria-label="Accept invitation">
        <Stack gap="md">
          {acceptError}
          <TextInput
            label="Your name"
            description="Shown to your teammates. You can change it later."
            autoComplete="name"
            autoFocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={accept.isPending}>
            Accept invitation
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            You'll choose your password next.
          </Text>
        </Stack>
      </form>
    </AuthScreen>
  );
}
