import { newVersionMessage, TIMINGS } from '@leadloom/core';
import { Button } from '@mantine/core';
import { notifications, type NotificationData } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePublicSettings } from './api';
import { markReloaded, versionAction } from './version';

export const VERSION_NOTICE_ID = 'new-app-version';
/**
 * SPEC §4 App version: when the published web app version differs from this build, queue
 * pages reload at once (nobody works in them) and every other page gets a persistent notice
 * with a Refresh action, so nobody loses what they are typing.
 */
export function AppVersionWatcher() {
  const { pathname } = useLocation();
  const published = usePublicSettings().data?.webAppVersion;
  const action = versionAction(published, pathname, sessionStorage);
  // The version the notice currently names: Mantine ignores show() for an id already shown.
  const noticeFor = useRef<string | null>(null);

  useEffect(() => {
    if (action === 'reload') {
      markReloaded(published ?? '', sessionStorage);
      window.location.reload();
      return;
    }
    if (action === 'none' || !published) {
      if (noticeFor.current !== null) notifications.hide(VERSION_NOTICE_ID);
      noticeFor.current = null;
      return;
    }
    if (noticeFor.current === published) return;
    const message = newVersionMessage(published);
    const notice: NotificationData = {
      id: VERSION_NOTICE_ID,
      color: 'yellow',
      title: 'New version',
      position: 'bottom-left',
      autoClose: TIMINGS.persistentNoticeMs || false,
      withCloseButton: false,
      message: (
        <>
          <span data-testid="version-message">{message}</span>
          <Button
            mt="xs"
            size="compact-sm"
            variant="light"
            color="yellow"
            leftSection={<IconRefresh size={14} />}
            onClick={() => window.location.reload()}
            display="flex"
          >
            Refresh
          </Button>
        </>
      ),
    };
    if (noticeFor.current === null) notifications.show(notice);
    else notifications.update(notice);
    noticeFor.current = published;
  }, [action, published]);
  return null;
}
