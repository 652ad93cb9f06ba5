import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { CurrentUserProvider } from '../features/session/CurrentUser';
import { useMe } from '../features/session/me';
import { AppLayout } from './layout/AppLayout';
import { FullScreenLoader } from './loader';

/**
 * For open routes that belong in the main layout (the 404 page): signed-in users see the
 * layout, visitors see the page on its own; neither is sent to /login.
 */
export function OptionalLayout() {
  const me = useMe();
  if (me.isPending) return <FullScreenLoader />;
  if (me.data) {
    return (
      <CurrentUserProvider user={me.data}>
        <AppLayout />
      </CurrentUserProvider>
    );
  }
  return (
    <Box h="100dvh">
      <Outlet />
    </Box>
  );
}
