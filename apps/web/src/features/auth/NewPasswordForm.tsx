import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from './messages';

/** A new password typed twice; `onSubmit` gets it once both agree and it is long enough. */
export function NewPasswordForm({
  onSubmit,
  submitLabel,
  pending,
  error,
  formLabel,
}: {
  onSubmit: (password: string) => void;
  submitLabel: string;
  pending: boolean;
  error: ReactNode;
  formLabel: string;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [triedToSubmit, setTriedToSubmit] = useState(false);
  const passwordProblem = triedToSubmit ? newPasswordProblem(password) : null;
  const confirmProblem =
    triedToSubmit && !passwordProblem && confirm !== password ? "The passwords don't match" : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSubmit(true);
    if (newPasswordProblem(password) || confirm !== password || pending) return;
    onSubmit(password);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={formLabel}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          autoFocus
          required
          error={passwordProblem}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={confirmProblem}
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
