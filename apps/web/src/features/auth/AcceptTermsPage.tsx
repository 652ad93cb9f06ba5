import { safeNextPath, TERMS_VERSION, TIMINGS } from '@leadloom/core';
import { Alert, Anchor, Button, List, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { meQueryKey, type Me } from '../session/me';
import { AuthScreen } from './AuthScreen';
import { errorMessage } from './messages';

/** The short version of the terms a user accepts (SPEC §9: version "1.0.1"). */
export const TERMS_SUMMARY = [
  'Your team owns the contacts, notes and messages it adds. You can export or delete them at any time.',
  'Reach out the way each platform allows: follow the rules of Facebook, Instagram and LinkedIn, and do not send spam.',
  'Only add people you have a lawful reason to contact, and honour requests to stop.',
  'Keep your sign-in to yourself. Team owners and admins decide who joins and which pipelines they see.',
  'Plans renew until cancelled. Seat and contact limits depend on your plan.',
  'We keep your data to run the service, never sell it, and tell you before these terms change.',
];

/** /accept-terms: the terms summary and "I accept", then on to `next` after a second. */
export function AcceptTermsPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const accept = useMutation({
    mutationFn: () => api.post('/api/me/accept-terms', { version: TERMS_VERSION }),
    onSuccess: () => {
      queryClient.setQueryData<Me | null>(meQueryKey, (current) =>
        current ? { ...current, termsVersion: TERMS_VERSION } : current,
      );
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });

  // SPEC §4: on to `next` after a second.
  useEffect(() => {
    if (!accept.isSuccess) return;
    const timer = setTimeout(() => void navigate(next, { replace: true }), TIMINGS.nextRedirectMs);
    return () => clearTimeout(timer);
  }, [accept.isSuccess, next, navigate]);

  if (accept.isSuccess) {
    return (
      <AuthScreen title="Thanks!">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          You accepted the terms. Taking you to Leadloom…
        </Alert>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      width={520}
      title="Terms of service"
      subtitle={`Please accept our terms (version ${TERMS_VERSION}) to continue. Here is the short version.`}
      footer={
        <>
          Don't want to accept?{' '}
          <Anchor component={Link} to="/logout">
            Sign out
          </Anchor>
        </>
      }
    >
      <ScrollArea.Autosize mah="45dvh" type="auto" offsetScrollbars>
        <List spacing="xs" size="sm" aria-label="Terms summary">
          {TERMS_SUMMARY.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      <Stack gap="sm">
        {accept.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(accept.error)}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          By selecting "I accept" you agree to the Leadloom terms of service, version{' '}
          {TERMS_VERSION}.
        </Text>
        <Button onClick={() => accept.mutate()} loading={accept.isPending} fullWidth>
          I accept
        </Button>
      </Stack>
    </AuthScreen>
  );
}
