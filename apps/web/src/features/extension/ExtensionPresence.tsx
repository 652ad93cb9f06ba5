import { EXTENSION_NOT_INSTALLED_MESSAGE, EXTENSION_NOT_LOGGED_IN_MESSAGE } from '@leadloom/core';
import { Anchor, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconPuzzle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BOTTOM_BAR_VAR } from '../../ui/toast';
import { useCurrentUser } from '../session/CurrentUser';
import type { ExtensionPresence } from './bridge';
import { browserPresenceDeps, checkPresence, PRESENCE_CHECK_INTERVAL_MS } from './presence';

export const EXTENSION_SETUP_PATH = '/setup/extension';

const WARNING: Record<Exclude<ExtensionPresence, 'ready'>, { text: string; link: string }> = {
  'not-installed': { text: EXTENSION_NOT_INSTALLED_MESSAGE, link: 'Install the extension' },
  'not-logged-in': { text: EXTENSION_NOT_LOGGED_IN_MESSAGE, link: 'How to sign it in' },
};

/**
 * The extension's persistent warning (SPEC §8): a bar at the bottom of the layout's column, in
 * the page's flow, so it takes its own room and covers nothing (the screen above ends where it
 * begins). It stays while the condition holds and goes once fixed; it has no close button.
 * Checks the extension at mount and every minute (and logs it in, see presence.ts).
 */
export function ExtensionPresenceBar() {
  const { uid } = useCurrentUser();
  const [presence, setPresence] = useState<ExtensionPresence>('ready');

  useEffect(() => {
    let cancelled = false;
    const check = () => {
      void checkPresence(browserPresenceDeps, uid).then((found) => {
        if (!cancelled) setPresence(found);
      });
    };
    check();
    const timer = window.setInterval(check, PRESENCE_CHECK_INTERVAL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [uid]);

  // Toasts at the bottom rise above the bar (its height, kept current as it wraps), so they
  // never hide its link.
  const bar = useRef<HTMLDivElement>(null);
  const shown = presence !== 'ready';
  useEffect(() => {
    const el = bar.current;
    if (!shown || !el) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty(BOTTOM_BAR_VAR, `${el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(BOTTOM_BAR_VAR);
    };
  }, [shown]);

  if (presence === 'ready') return null;
  const warning = WARNING[presence];
  return (
    <Paper
      ref={bar}
      role="status"
      data-extension-warning={presence}
      radius={0}
      px="md"
      py={8}
      withBorder={false}
      bg="var(--mantine-color-yellow-light)"
      style={{ flex: 'none', borderTop: '1px solid var(--mantine-color-yellow-outline)' }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ThemeIcon color="yellow" variant="light" size="md" aria-hidden>
          <IconPuzzle size={16} />
        </ThemeIcon>
        <Group gap={6} style={{ rowGap: 2, minWidth: 0 }}>
          <Text size="sm">{warning.text}</Text>
          <Anchor component={Link} to={EXTENSION_SETUP_PATH} size="sm" fw={600}>
            {warning.link}
          </Anchor>
        </Group>
      </Group>
    </Paper>
  );
}
