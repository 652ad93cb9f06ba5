import { notificationTimeout } from '@leadloom/core';
import { Box } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useMyNotices, useStampNotice, type StampKind } from './api';
import { BannerNotice, ModalNotice, toastProps, ToastBody } from './NoticeView';
import { noticesToShow } from './visible';

const toastId = (id: string) => `notice-${id}`;

/**
 * In-app notices (SPEC §4), mounted once around the layout's content: banners above (or below)
 * the screen until dismissed, one modal at a time, and toasts through Mantine notifications.
 */
export function NotificationCenter({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const list = useMyNotices();
  const stamp = useStampNotice();
  const { topBanners, bottomBanners, modal, toasts } = noticesToShow(
    list.data ?? [],
    pathname,
    Date.now(),
  );
  // A toast shows once per page load: it closes by itself after 5 s, and re-showing it on every
  // poll would nag; dismissing it (or "Don't show again") is what keeps it away next time.
  const shownToasts = useRef(new Set<string>());

  const act = (id: string, kind: StampKind) => {
    notifications.hide(toastId(id));
    stamp.mutate({ id, kind });
  };

  useEffect(() => {
    for (const n of toasts) {
      if (shownToasts.current.has(n.notificationId)) continue;
      shownToasts.current.add(n.notificationId);
      notifications.show({
        id: toastId(n.notificationId),
        ...toastProps(n),
        message: (
          <ToastBody
            n={n}
            onDismiss={() => act(n.notificationId, 'dismiss')}
            onNever={() => act(n.notificationId, 'never')}
          />
        ),
        autoClose: notificationTimeout(n.type) || false,
        ...(n.position ? { position: n.position } : {}),
      });
    }
    // `act` only closes over stable handles; the toasts list is what triggers a show.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toasts.map((n) => n.notificationId).join()]);

  const banners = (list: typeof topBanners) =>
    list.map((n) => (
      <BannerNotice
        key={n.notificationId}
        n={n}
        onDismiss={() => act(n.notificationId, 'dismiss')}
        onNever={() => act(n.notificationId, 'never')}
      />
    ));

  return (
    <>
      {banners(topBanners)}
      <Box style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>{children}</Box>
      {banners(bottomBanners)}
      {modal && (
        <ModalNotice
          key={modal.notificationId}
          n={modal}
          opened
          onDismiss={() => act(modal.notificationId, 'dismiss')}
          onNever={() => act(modal.notificationId, 'never')}
        />
      )}
    </>
  );
}
