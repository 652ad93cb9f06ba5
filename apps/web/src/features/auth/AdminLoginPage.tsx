import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthScreen } from './AuthScreen';
import { SignInForm } from './SignInForm';
import { useStartSession } from './useStartSession';

/** /login-admin: the sign-in form for administrators; goes to /admin afterwards. */
export function AdminLoginPage() {
  const startSession = useStartSession();
  return (
    <AuthScreen
      title="Administrator sign-in"
      subtitle="For Leadloom administrators. You'll go to the admin area after signing in."
      footer={
        <Anchor component={Link} to="/login">
          Not an administrator? Regular sign-in
        </Anchor>
      }
    >
      <SignInForm onSignedIn={() => startSession('/admin')} />
    </AuthScreen>
  );
}
