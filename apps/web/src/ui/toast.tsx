import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@leadloom/core';
import type { ReactNode } from 'react';

/**
 * Where toasts show: at the bottom, centred over the screen's content, never over the header's
 * search, notifications, help and account controls nor a screen's toolbar; the bottom corners
 * are the persistent notices' (the version notice, the extension warning).
 */
export const TOAST_POSITION = 'bottom-center' as const;

/** A toast on screen, by what it says: the same toast again counts up on it. */
const open = new Map<string, { id: string; count: number }>();

function repeated(message: string, color: string, count: number): ReactNode {
  return (
    <>
      {message}{' '}
      <Badge size="xs" variant="light" color={color} ml={4} aria-label={`shown ${count} times`}>
        ×{count}
      </Badge>
    </>
  );
}

/**
 * Shows a toast, or, when the same one is still on screen, counts it there (×2, ×3...) and
 * gives it its full time again: three saves in a row make one toast, not a stack of three.
 */
function show(color: 'green' | 'red', message: string, title?: string) {
  const key = `${color}\n${title ?? ''}\n${message}`;
  const shown = open.get(key);
  if (shown) {
    shown.count += 1;
    notifications.update({
      id: shown.id,
      message: repeated(message, color, shown.count),
      // Mantine restarts a toast's timer only when its duration changes: alternate by 1 ms.
      autoClose: TIMINGS.toastMs + (shown.count % 2),
    });
    return;
  }
  const id = notifications.show({
    color,
    title,
    message,
    autoClose: TIMINGS.toastMs,
    onClose: () => open.delete(key),
  });
  open.set(key, { id, count: 1 });
}

/** A success toast (SPEC §9: toasts last 5000 ms). */
export function toastSuccess(message: string, title?: string) {
  show('green', message, title);
}

/** A failure toast with the error's message (the server's, which says what to do). */
export function toastError(error: unknown, title = 'That did not work') {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  show('red', message, title);
}
