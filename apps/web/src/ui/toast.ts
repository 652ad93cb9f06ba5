import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@leadloom/core';

/** A success toast (SPEC §9: toasts last 5000 ms). */
export function toastSuccess(message: string, title?: string) {
  notifications.show({ color: 'green', title, message, autoClose: TIMINGS.toastMs });
}

/** A failure toast with the error's message (the server's, which says what to do). */
export function toastError(error: unknown, title = 'That did not work') {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  notifications.show({ color: 'red', title, message, autoClose: TIMINGS.toastMs });
}
