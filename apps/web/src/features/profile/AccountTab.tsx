import {
  Avatar,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DEFAULT_CONTACT_VIEWS, httpUrlMessage, isHttpUrl, normalizeHttpUrl } from '@leadloom/core';
import { useMemo, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import { safeUrl } from '../../lib/safeUrl';
import { useCurrentUser } from '../session/CurrentUser';
import { SignOutEverywhereModal } from '../auth/SignOutEverywhereModal';
import { useChangePassword, useUpdateAccount } from './api';
import { DESCRIPTION_BELOW } from '../../ui/formLayout';
import { toastError, toastSuccess } from '../../ui/toast';
import { browserTimeZone, fieldOfError, timeZoneOptions } from './format';

const VIEW_LABELS: Record<string, string> = {
  pipeline: 'Pipeline',
  table: 'Table',
  homeDashboard: 'Home dashboard',
};

const ACCOUNT_FIELDS = ['name', 'photoURL', 'timeZone', 'defaultContactView'] as const;
type AccountField = (typeof ACCOUNT_FIELDS)[number];
const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

export function AccountTab() {
  return (
    <Stack gap="md">
      <AccountForm />
      <PasswordForm />
      <SessionsCard />
    </Stack>
  );
}

function AccountForm() {
  const me = useCurrentUser();
  const update = useUpdateAccount();
  const [name, setName] = useState(me.name ?? '');
  const [photoURL, setPhotoURL] = useState(me.photoURL ?? '');
  const [timeZone, setTimeZone] = useState(me.timeZone || browserTimeZone());
  const [view, setView] = useState<string>(me.defaultContactView ?? 'pipeline');
  const [clientError, setClientError] = useState<Partial<Record<AccountField, string>>>({});
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);

  const serverField = fieldOfError(isApiError(update.error) ? update.error : null, ACCOUNT_FIELDS);
  const errorOf = (field: AccountField) =>
    clientError[field] ?? (serverField === field ? update.error?.message : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedPhoto = normalizeHttpUrl(photoURL);
    const errors: Partial<Record<AccountField, string>> = {};
    if (!name.trim()) errors.name = 'Enter your name';
    if (trimmedPhoto && !isHttpUrl(trimmedPhoto)) errors.photoURL = httpUrlMessage('Photo URL');
    setClientError(errors);
    if (Object.keys(errors).length > 0) return;
    update.mutate(
      {
        name: name.trim(),
        photoURL: trimmedPhoto || null,
        timeZone,
        defaultContactView: view,
      },
      {
        onSuccess: () => toastSuccess('Your profile is saved.'),
        onError: (error) => {
          if (!fieldOfError(isApiError(error) ? error : null, ACCOUNT_FIELDS))
            toastError(error, 'Could not save your profile');
        },
      },
    );
  };

  return (
    <Paper p="md" component="form" onSubmit={submit} aria-labelledby="account-title" noValidate>
      <Title order={2} size="h3" id="account-title" mb="sm">
        Account
      </Title>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Avatar
          src={safeUrl(normalizeHttpUrl(photoURL))}
          name={name || me.email}
          color="initials"
          size={72}
          radius={72}
          alt="Photo preview"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" style={{ flex: 1 }}>
          <TextInput
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errorOf('name')}
            autoComplete="name"
            aria-required
          />
          <TextInput
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="E-mail"
            value={me.email}
            readOnly
            variant="filled"
            description="Contact support to change your sign-in e-mail."
          />
          <TextInput
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Photo URL"
            placeholder="https://…"
            value={photoURL}
            onChange={(e) => setPhotoURL(e.currentTarget.value)}
            error={errorOf('photoURL')}
            type="url"
            description="Leave empty to use your initials."
          />
          <Select
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Time zone"
            data={zones}
            value={timeZone}
            onChange={(value) => value && setTimeZone(value)}
            searchable
            nothingFoundMessage="No matching time zone"
            error={errorOf('timeZone')}
            limit={200}
          />
          <Select
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Default contact view"
            description="Where Leadloom opens after you sign in."
            data={DEFAULT_CONTACT_VIEWS.map((value) => ({
              value,
              label: VIEW_LABELS[value] ?? value,
            }))}
            value={view}
            onChange={(value) => value && setView(value)}
            error={errorOf('defaultContactView')}
          />
        </SimpleGrid>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending}>
          Save profile
        </Button>
      </Group>
    </Paper>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [revokeOtherSessions, setRevoke] = useState(true);
  const [mismatch, setMismatch] = useState(false);

  const serverField = fieldOfError(isApiError(change.error) ? change.error : null, PASSWORD_FIELDS);
  const generalError = change.error && !serverField ? change.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differs = newPassword !== confirm;
    setMismatch(differs);
    if (differs) return;
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
          setConfirm('');
          toastSuccess(
            revokeOtherSessions
              ? 'Your password is changed and your other devices are signed out.'
              : 'Your password is changed.',
          );
        },
      },
    );
  };

  return (
    <Paper p="md" component="form" onSubmit={submit} aria-labelledby="password-title" noValidate>
      <Title order={2} size="h3" id="password-title" mb="sm">
        Change password
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <PasswordInput
          label="Current password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          autoComplete="current-password"
          error={serverField === 'currentPassword' ? change.error?.message : undefined}
          aria-required
        />
        <PasswordInput
          label="New password"
          value={newPassword}
          onChange={(e) => setNew(e.currentTarget.value)}
          autoComplete="new-password"
          error={serverField === 'newPassword' ? change.error?.message : undefined}
          aria-required
        />
        <PasswordInput
          label="Confirm new password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          autoComplete="new-password"
          error={mismatch ? 'The passwords do not match' : undefined}
          aria-required
        />
      </SimpleGrid>
      {generalError && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {generalError}
        </Text>
      )}
      <Group justify="space-between" mt="md">
        <Checkbox
          label="Sign out my other devices"
          checked={revokeOtherSessions}
          onChange={(e) => setRevoke(e.currentTarget.checked)}
        />
        <Button
          type="submit"
          loading={change.isPending}
          disabled={!currentPassword || !newPassword || !confirm}
        >
          Change password
        </Button>
      </Group>
    </Paper>
  );
}

function SessionsCard() {
  const [opened, modal] = useDisclosure(false);
  return (
    <Paper p="md" aria-labelledby="sessions-title">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <div>
          <Title order={2} size="h3" id="sessions-title">
            Sessions
          </Title>
          <Text size="sm" c="dimmed">
            Signs you out on every browser and device, including this one.
          </Text>
        </div>
        <Button variant="light" color="red" onClick={modal.open}>
          Sign out everywhere
        </Button>
      </Group>
      <SignOutEverywhereModal opened={opened} onClose={modal.close} />
    </Paper>
  );
}
