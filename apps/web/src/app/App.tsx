import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { WrongAddressDialog } from '../features/wrong-address/WrongAddressDialog';
import { createQueryClient } from '../lib/queryClient';
import { theme } from '../ui/theme';
import { TOAST_POSITION } from '../ui/toast';
import toastClasses from '../ui/toast.module.css';
import { seedPrefetched } from './boot/seedPrefetch';
import { buildRoutes } from './routes';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedPrefetched(client);
    return client;
  });
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications position={TOAST_POSITION} classNames={toastClasses} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <WrongAddressDialog />
      </QueryClientProvider>
    </MantineProvider>
  );
}
