import { Alert, Anchor } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { AuthScreen } from './AuthScreen';
import { ConfirmSignUp } from './ConfirmSignUp';
import { InvitationScreen } from './InvitationScreen';
import { loginBase, withNext } from './messages';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { useStartSession } from './useStartSession';

/** What another screen can hand the sign-in screen in the location state. */
export interface LoginLocationState {
  /** A success note shown above the form ("Your password has been changed..."). */
  notice?: string;
}

/**
 * SPEC §2 login screen, at /login/:action?/:inviteCode? and /secret-login/...:
 * no action = sign in; `signup` = create an account; `signup/confirm?token=` = the mailed link that
 * finishes a sign-up; `invite/:inviteCode` = an invitation.
 */
export function LoginPage() {
  const { action, inviteCode } = useParams();
  if (action === 'signup' && inviteCode === 'confirm') return <ConfirmSignUp />;
  if (action === 'signup') return <SignUpForm />;
  if (action === 'invite') return <InvitationScreen inviteCode={inviteCode ?? ''} />;
  return <SignInScreen />;
}

/** The notice another screen left in the location state, if any. */
export function useLoginNotice(): string | null {
  const { state } = useLocation();
  const notice = (state as LoginLocationState | null)?.notice;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}

function SignInScreen() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const startSession = useStartSession();
  const notice = useLoginNotice();
  const base = loginBase(pathname);

  return (
    <AuthScreen
      title="Sign in"
      subtitle="Welcome back. Your pipelines are waiting."
      footer={
        <>
          New to Leadloom?{' '}
          <Anchor component={Link} to={withNext(`${base}/signup`, next)} fw={500}>
            Create an account
          </Anchor>
        </>
      }
    >
      {notice && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {notice}
        </Alert>
      )}
      <SignInForm onSignedIn={() => startSession(next)} />
    </AuthScreen>
  );
}
