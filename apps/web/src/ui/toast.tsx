import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@leadloom/core';
import type { ReactNode } from 'react';

/**
 * Where toasts show: at the bottom, centred over the screen's content, never over the header's
 * search, notifications, help and account controls nor a screen's toolbar; the bottom corners
 * are the persistent notices' (the version notice), and they sit above the extension warning's
 * bar (toast.module.css).
 */
export const TOAST_POSITION = 'bottom-center' as const;

/** The height of a persistent bar at the bottom (the extension warning), which toasts rise above. */
export const BOTTOM_BAR_VAR = '--app-bottom-bar';

/** A toast on screen, by what it says: the same toast again counts up on it. */
const open = new Map<string, { id: string; count: number }>();

type ToastColor = 'green' | 'red';

/** What a toast says, and what it may add after the words (a link, an Undo button). */
export interface ToastContent {
  color: ToastColor;
  message: string;
  title?: string;
  /** Shown after the message, e.g. "Open contact"; it does not make a toast different. */
  extra?: (close: () => void) => ReactNode;
  /** How long it stays; SPEC §9's 5000 ms unless it offers something to do (Undo). */
  autoClose?: number;
}

function body(content: ToastContent, id: string, count: number): ReactNode {
  const close = () => notifications.hide(id);
  return (
    <>
      {content.message}
      {count > 1 && (
        <>
          {' '}
          <Badge
            size="xs"
            variant="light"
            color={content.color}
            ml={4}
            aria-label={`shown ${count} times`}
          >
            ×{count}
          </Badge>
        </>
      )}
      {content.extra && <> {content.extra(close)}</>}
    </>
  );
}

/**
 * Shows a toast, or, when the same one is still on screen, counts it there (×2, ×3...) and
 * gives it its full time again: three saves in a row make one toast, not a stack of three.
 * Every toast in the app comes through here, so all of them show in one place and collapse
 * alike (Mantine's own `notifications.show` would stack repeats).
 */
export function toast(content: ToastContent) {
  const { color, title, message } = content;
  const duration = content.autoClose ?? TIMINGS.toastMs;
  const key = `${color}\n${title ?? ''}\n${message}`;
  const shown = open.get(key);
  if (shown) {
    shown.count += 1;
    notifications.update({
      id: shown.id,
      message: body(content, shown.id, shown.count),
      // Mantine restarts a toast's timer only when its duration changes: alternate by 1 ms.
      autoClose: duration + (shown.count % 2),
    });
    return;
  }
  const id = `toast-${++made}`;
  notifications.show({
    id,
    color,
    title,
    message: body(content, id, 1),
    autoClose: duration,
    onClose: () => open.delete(key),
  });
  open.set(key, { id, count: 1 });
}

let made = 0;

/** A success toast (SPEC §9: toasts last 5000 ms). */
export function toastSuccess(message: string, title?: string) {
  toast({ color: 'green', message, ...(title ? { title } : {}) });
}

/** A failure toast with the error's message (the server's, which says what to do). */
export function toastError(error: unknown, title = 'That did not work') {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  toast({ color: 'red', message, title });
}
