import { safeNextPath } from '@leadloom/core';
import { Alert, Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useCurrentUser } from '../session/CurrentUser';
import { AuthScreen } from './AuthScreen';
import { safeUrl } from '../../lib/safeUrl';

/** Where /authorize continues to: `next` or `redirect_to`, when it is a path inside the app. */
export function authorizeTarget(params: URLSearchParams): { to: string; refused: boolean } {
  const asked = params.get('next') ?? params.get('redirect_to');
  const to = safeNextPath(asked, '/');
  return { to, refused: asked !== null && asked !== '' && to !== asked };
}

/**
 * /authorize (auth; the guard sends visitors to sign-in with `next`): confirms who is signed
 * in, then continues to the requested in-app path.
 */
export function AuthorizePage() {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const { to, refused } = authorizeTarget(searchParams);
  const switchAccount = `/logout?next=${encodeURIComponent(
    `/login?next=${encodeURIComponent(pathname + search)}`,
  )}`;

  return (
    <AuthScreen
      title="Continue to Leadloom"
      footer={
        <>
          Not you?{' '}
          <Anchor component={Link} to={switchAccount}>
            Use another account
          </Anchor>
        </>
      }
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={safeUrl(user.photoURL)} name={user.name || user.email} color="initials" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Signed in as
          </Text>
          <Text fw={600} truncate>
            {user.name || user.email}
          </Text>
          {user.name && (
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          )}
        </Stack>
      </Group>
      {refused && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          The link asked to continue outside Leadloom, so you'll go to your home page instead.
        </Alert>
      )}
      <Button component={Link} to={to} replace autoFocus fullWidth>
        Continue
      </Button>
    </AuthScreen>
  );
}
