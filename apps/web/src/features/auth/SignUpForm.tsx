import { isEmail } from '@leadloom/core';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { api, isApiError, type SignUpBody } from '../../lib/api';
import { AuthScreen } from './AuthScreen';
import {
  errorMessage,
  loginBase,
  newPasswordProblem,
  PASSWORD_MIN_LENGTH,
  withNext,
} from './messages';
import { useStartSession } from './useStartSession';

type Field = keyof SignUpBody;

/** Client-side checks, in the form's order; the server checks again. */
export function signUpProblems(values: SignUpBody): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) problems.name = 'Enter your name';
  if (!values.email.trim()) problems.email = 'Enter your e-mail address';
  else if (!isEmail(values.email.trim())) problems.email = 'Enter a valid e-mail address';
  const password = newPasswordProblem(values.password);
  if (password) problems.password = password;
  if (!values.teamName.trim()) problems.teamName = 'Name your team';
  return problems;
}

/**
 * /login/signup: a new account that owns a new team on a trial, then in like a sign-in. When the
 * server sends mail, the account is made from the mailed link instead (/login/signup/confirm).
 */
export function SignUpForm() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const startSession = useStartSession();
  const [values, setValues] = useState<SignUpBody>({
    name: '',
    email: '',
    password: '',
    teamName: '',
  });
  const [triedToSubmit, setTriedToSubmit] = useState(false);
  const problems = triedToSubmit ? signUpProblems(values) : {};
  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const signUp = useMutation({
    mutationFn: async () => {
      const body = {
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        teamName: values.teamName.trim(),
      };
      const answer = await api.signUp(body);
      if ('status' in answer) return { checkMail: body.email };
      await startSession(next, { teamUID: answer.teamUID });
      return null;
    },
  });

  // A 400 naming a field is shown at that field; everything else above the form.
  // "Already exists" gets its own note with a way to sign in instead.
  const alreadyExists = isApiError(signUp.error) && signUp.error.httpStatus === 409;
  const serverField =
    !alreadyExists && isApiError(signUp.error) && signUp.error.field && signUp.error.field in values
      ? (signUp.error.field as Field)
      : null;
  const fieldError = (field: Field) =>
    problems[field] ?? (serverField === field ? signUp.error?.message : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSubmit(true);
    if (Object.keys(signUpProblems(values)).length > 0 || signUp.isPending) return;
    signUp.mutate();
  }

  const base = loginBase(pathname);
  if (signUp.data?.checkMail) return <CheckYourMail email={signUp.data.checkMail} />;
  return (
    <AuthScreen
      title="Create your account"
      subtitle="Start a 14-day trial for your team. No card needed."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={withNext(base, next)} fw={500}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Create your account">
        <Stack gap="md">
          {signUp.isError && !serverField && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {alreadyExists ? (
                <>
                  An account with this e-mail already exists.{' '}
                  <Anchor component={Link} to={withNext(base, next)} size="sm" fw={500}>
                    Sign in instead
                  </Anchor>
                </>
              ) : (
                errorMessage(signUp.error)
              )}
            </Alert>
          )}
          <TextInput
            label="Your name"
            autoComplete="name"
            autoFocus
            required
            error={fieldError('name')}
            value={values.name}
            onChange={set('name')}
          />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            error={fieldError('email')}
            value={values.email}
            onChange={set('email')}
          />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            error={fieldError('password')}
            value={values.password}
            onChange={set('password')}
          />
          <TextInput
            label="Team name"
            description="You can rename it later and invite your team."
            autoComplete="organization"
            required
            error={fieldError('teamName')}
            value={values.teamName}
            onChange={set('teamName')}
          />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}

/** The same screen whether or not the address had an account: the mail says which. */
function CheckYourMail({ email }: { email: string }) {
  return (
    <AuthScreen title="Check your mail">
      <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} role="status">
        Check your mail: we sent a link to {email} to finish signing up.
      </Alert>
    </AuthScreen>
  );
}
