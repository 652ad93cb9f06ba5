import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { NotificationCenter } from '../../features/notices/NotificationCenter';
import { ExtensionPresenceBar } from '../../features/extension/ExtensionPresence';
import { QueueProcessorLauncher } from '../../features/outreach/QueueProcessorLauncher';
import { RealtimeSync } from '../../features/realtime/RealtimeSync';
import { HelpPanel } from '../../features/help/HelpPanel';
import { Deferred } from '../../ui/Deferred';
import { Header } from './Header';
import { Navbar } from './Navbar';

// The tour's code loads after the first screen (it only shows for a new user, on request).
const GuidedTour = lazy(() =>
  import('../../features/tour/GuidedTour').then((m) => ({ default: m.GuidedTour })),
);

export const HEADER_HEIGHT = 52;
const NAVBAR_WIDTH = 228;

/** The main layout (SPEC §2): header, left navigation, and the screen. */
export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <AppShell.Header>
        <Header navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Navbar onNavigate={nav.close} />
      </AppShell.Navbar>
      {/* A fixed-height main lets screens such as the board scroll inside themselves. */}
      <AppShell.Main h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <NotificationCenter>
          <Outlet />
        </NotificationCenter>
        {/* Not deferred: the extension's warning takes its own room under the screen, and the
            rows a table shows must not change once it is up. */}
        <ExtensionPresenceBar />
      </AppShell.Main>
      <RealtimeSync />
      <QueueProcessorLauncher />
      <Deferred>
        <HelpPanel />
        <Suspense fallback={null}>
          <GuidedTour />
        </Suspense>
      </Deferred>
    </AppShell>
  );
}
