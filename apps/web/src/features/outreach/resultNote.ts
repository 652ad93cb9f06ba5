import type { QueueItemStatus } from '@leadloom/core';

/**
 * What the history shows under a message about its result. The extension's detail of a message
 * that went out (how it was typed, that it was seen in the thread) is for diagnosis, not for the
 * sender: nothing is shown. A failure's detail is the reason, in red; a skipped or otherwise
 * ended message's is a dimmed note.
 */
export function resultNote(item: {
  status: QueueItemStatus;
  resultDetail: string | null;
}): { text: string; color: 'red' | 'dimmed' } | null {
  if (!item.resultDetail || item.status === 'sent') return null;
  return { text: item.resultDetail, color: item.status === 'failed' ? 'red' : 'dimmed' };
}
