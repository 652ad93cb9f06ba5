import {
  Alert,
  Anchor,
  Button,
  Center,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
  Paper,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { safeNextPath } from '@leadloom/core';
import { api, isApiError } from '../../lib/api';
import { ColorSchemeToggle } from '../../ui/ColorSchemeToggle';
import { ProductMark } from '../../ui/ProductMark';
import classes from './LoginPage.module.css';

/** A sentence for the person at the keyboard, whatever went wrong. */
export function signInErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 'error')
      return "Can't reach Leadloom. Check your connection and try again.";
    // The server words credential errors itself ("Wrong e-mail or password.").
    return error.message;
  }
  return 'Something went wrong';
}

/** SPEC §2 login screen, at /login/:action?/:inviteCode? and /secret-login/... */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const { inviteCode } = useParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [triedToSubmit, setTriedToSubmit] = useState(false);
  const emailMissing = triedToSubmit && !email.trim();
  const passwordMissing = triedToSubmit && !password;

  const signIn = useMutation({
    mutationFn: () => api.signIn(email.trim(), password),
    onSuccess: async () => {
      // A different person may have been signed in before: nothing cached may leak across.
      queryClient.clear();
      await navigate(safeNextPath(searchParams.get('next')), { replace: true });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSubmit(true);
    if (!email.trim() || !password || signIn.isPending) return;
    signIn.mutate();
  }

  return (
    <Center className={classes.page}>
      <div className={classes.schemeToggle}>
        <ColorSchemeToggle />
      </div>
      <Stack w="100%" maw={380} gap="lg">
        <Center>
          <ProductMark size={36} />
        </Center>
        <Paper p="xl" radius="md" shadow="sm">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  Sign in
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  {inviteCode
                    ? 'Sign in to accept your team invitation.'
                    : 'Welcome back. Your pipelines are waiting.'}
                </Text>
              </div>
              {signIn.isError && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  role="alert"
                >
                  {signInErrorMessage(signIn.error)}
                </Alert>
              )}
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="username"
                autoFocus
                required
                error={emailMissing && 'Enter your e-mail address'}
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                error={passwordMissing && 'Enter your password'}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Button type="submit" fullWidth loading={signIn.isPending}>
                Sign in
              </Button>
              <Anchor component={Link} to="/password-reset" size="sm" ta="center">
                Forgot your password?
              </Anchor>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Center>
  );
}
