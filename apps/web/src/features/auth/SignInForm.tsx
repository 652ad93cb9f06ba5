import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { errorMessage } from './messages';

/**
 * The e-mail + password form. `onSignedIn` runs once the session cookie is set; the button
 * keeps spinning until it settles (it usually navigates away).
 */
export function SignInForm({
  onSignedIn,
  defaultEmail = '',
  submitLabel = 'Sign in',
  autoFocus = true,
}: {
  onSignedIn: () => Promise<void>;
  defaultEmail?: string;
  submitLabel?: string;
  autoFocus?: boolean;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [triedToSubmit, setTriedToSubmit] = useState(false);
  const emailMissing = triedToSubmit && !email.trim();
  const passwordMissing = triedToSubmit && !password;

  const signIn = useMutation({
    mutationFn: async () => {
      await api.signIn(email.trim(), password);
      await onSignedIn();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSubmit(true);
    if (!email.trim() || !password || signIn.isPending) return;
    signIn.mutate();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {signIn.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(signIn.error)}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus={autoFocus && !defaultEmail}
          required
          error={emailMissing && 'Enter your e-mail address'}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          autoFocus={autoFocus && !!defaultEmail}
          required
          error={passwordMissing && 'Enter your password'}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={signIn.isPending}>
          {submitLabel}
        </Button>
        <Anchor component={Link} to="/password-reset" size="sm" ta="center">
          Forgot your password?
        </Anchor>
      </Stack>
    </form>
  );
}
