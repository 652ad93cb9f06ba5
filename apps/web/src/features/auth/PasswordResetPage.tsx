import { isEmail, safeNextPath, TIMINGS } from '@leadloom/core';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, isApiError } from '../../lib/api';
import { meQueryKey, useMe, type Me } from '../session/me';
import { AuthScreen } from './AuthScreen';
import type { LoginLocationState } from './LoginPage';
import { errorMessage } from './messages';
import { NewPasswordForm } from './NewPasswordForm';

export const PASSWORD_CHANGED_NOTICE =
  'Your password has been changed. Sign in with your new password.';

/**
 * /password-reset: without a token, request a link; with ?token=, choose a new password; with
 * initial=true, a signed-in invited user chooses a first password (SPEC §4 step 1).
 */
export function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('initial') === 'true') return <InitialPassword />;
  const token = searchParams.get('token');
  if (token) return <ResetWithToken token={token} />;
  // better-auth sends a bad link back here with ?error=INVALID_TOKEN.
  return <RequestLink linkWasInvalid={searchParams.has('error')} />;
}

const NO_ENUMERATION_NOTE =
  "If an account exists for that e-mail, we sent a link. Check your spam folder if it doesn't arrive in a few minutes.";

function RequestLink({ linkWasInvalid }: { linkWasInvalid: boolean }) {
  const [email, setEmail] = useState('');
  const [triedToSubmit, setTriedToSubmit] = useState(false);
  const problem = !email.trim()
    ? 'Enter your e-mail address'
    : !isEmail(email.trim())
      ? 'Enter a valid e-mail address'
      : null;

  const request = useMutation({
    mutationFn: () => api.requestPasswordReset(email.trim(), '/password-reset'),
  });

  // The answer never tells whether the address has an account; only "can't reach" and
  // throttling are worth showing.
  const showError =
    request.isError &&
    isApiError(request.error) &&
    (request.error.httpStatus === null ||
      request.error.httpStatus === 429 ||
      request.error.httpStatus >= 500);
  const sent = request.isSuccess || (request.isError && !showError);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSubmit(true);
    if (problem || request.isPending) return;
    request.mutate();
  }

  const backToSignIn = (
    <Anchor component={Link} to="/login" fw={500}>
      Back to sign-in
    </Anchor>
  );

  if (sent) {
    return (
      <AuthScreen title="Check your e-mail" footer={backToSignIn}>
        <Alert color="teal" variant="light" icon={<IconMailForward size={18} />} role="status">
          {NO_ENUMERATION_NOTE}
        </Alert>
        <Button variant="default" onClick={() => request.reset()}>
          Use another e-mail
        </Button>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Reset your password"
      subtitle="Enter your account's e-mail and we'll send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form onSubmit={submit} noValidate aria-label="Reset your password">
        <Stack gap="md">
          {linkWasInvalid && (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
              That reset link is invalid or has expired. Request a new one below.
            </Alert>
          )}
          {showError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(request.error)}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            autoFocus
            required
            error={triedToSubmit && problem}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}

const BAD_LINK_MESSAGE = 'This reset link is invalid or has expired.';

function ResetWithToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: (password: string) => api.resetPassword(token, password),
    onSuccess: async () => {
      const state: LoginLocationState = { notice: PASSWORD_CHANGED_NOTICE };
      await navigate('/login', { replace: true, state });
    },
  });
  const badToken =
    isApiError(reset.error) &&
    reset.error.httpStatus === 400 &&
    /token/i.test(`${reset.error.status} ${reset.error.message}`);
  return (
    <AuthScreen
      title="Choose a new password"
      subtitle="Pick a password you don't use anywhere else."
      footer={
        <Anchor component={Link} to="/password-reset">
          Request a new link
        </Anchor>
      }
    >
      <NewPasswordForm
        formLabel="Password reset"
        submitLabel="Save new password"
        pending={reset.isPending}
        onSubmit={(password) => reset.mutate(password)}
        error={
          reset.isError &&
          (badToken ? (
            <>
              {BAD_LINK_MESSAGE}{' '}
              <Anchor component={Link} to="/password-reset" size="sm" fw={500}>
                Request a new link
              </Anchor>
            </>
          ) : (
            errorMessage(reset.error)
          ))
        }
      />
    </AuthScreen>
  );
}

/** A signed-in user who joined by invitation and has no password yet. */
function InitialPassword() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const save = useMutation({
    mutationFn: (password: string) => api.post('/api/me/initial-password', { password }),
    onSuccess: () => markPasswordSet(),
    onError: (error) => {
      // 409: a password is set already (another tab, say): nothing left to do here.
      if (isApiError(error) && error.httpStatus === 409) markPasswordSet();
    },
  });
  const done = save.isSuccess || (isApiError(save.error) && save.error.httpStatus === 409);

  function markPasswordSet() {
    queryClient.setQueryData<Me | null>(meQueryKey, (current) =>
      current ? { ...current, passwordSet: true } : current,
    );
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }

  // SPEC §4: on to `next` after a second.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(next, { replace: true }), TIMINGS.nextRedirectMs);
    return () => clearTimeout(timer);
  }, [done, next, navigate]);

  if (me.isPending) {
    return (
      <AuthScreen title="Choose your password">
        <Loader mx="auto" aria-label="Loading" />
      </AuthScreen>
    );
  }
  if (!me.data) {
    // Only a signed-in user can set a first password; come back here after signing in.
    return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  if (me.data.passwordSet && !done) return <Navigate to={next} replace />;

  if (done) {
    return (
      <AuthScreen title="Password saved">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          You're all set. Taking you to Leadloom…
        </Alert>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Choose your password"
      subtitle={
        <>
          Welcome to Leadloom{me.data.name ? `, ${me.data.name}` : ''}! Choose a password for{' '}
          <Text span fw={500} c="var(--mantine-color-text)">
            {me.data.email}
          </Text>{' '}
          so you can sign in again later.
        </>
      }
      footer={
        <Anchor component={Link} to="/logout">
          Sign out
        </Anchor>
      }
    >
      <NewPasswordForm
        formLabel="First password"
        submitLabel="Save password"
        pending={save.isPending}
        onSubmit={(password) => save.mutate(password)}
        error={save.isError && errorMessage(save.error)}
      />
    </AuthScreen>
  );
}
