import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { AuthScreen } from './AuthScreen';
import { errorMessage, loginBase } from './messages';
import { useStartSession } from './useStartSession';

/**
 * /login/signup/confirm?token=: the link mailed at sign-up. Makes the account and team, signs the
 * user in and goes on as sign-up does. The token works once, so it is sent once per page load
 * (not again on a re-render or React's development double effect).
 */
export function ConfirmSignUp() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const startSession = useStartSession();
  const confirm = useMutation({
    mutationFn: async () => {
      const { teamUID } = await api.confirmSignUp(token);
      await startSession(null, { teamUID });
    },
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [confirm]);

  const base = loginBase(pathname);
  return (
    <AuthScreen title="Finishing your sign-up">
      {confirm.isError ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(confirm.error)}
          </Alert>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={`${base}/signup`} fw={500}>
              Sign up
            </Anchor>{' '}
            or{' '}
            <Anchor component={Link} to={base} fw={500}>
              sign in
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <Group justify="center" gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">Creating your account…</Text>
        </Group>
      )}
    </AuthScreen>
  );
}
