import {
  PLATFORM_NAMES,
  QUEUE_PLATFORMS,
  type GetStatusAnswer,
  type QueueProcessorPlatform,
} from '@leadloom/core';

/** The popup's wording; tested here, the DOM wiring is in popup.ts. */
export function popupStatusText(signedIn: boolean): string {
  return signedIn ? 'Signed in' : 'Not signed in to Leadloom';
}

/** What to do next, under the status line. */
export function popupHintText(signedIn: boolean): string {
  return signedIn
    ? 'The extension works for you while Leadloom is open.'
    : 'Sign in to Leadloom in this browser: the extension signs in with it.';
}

/** One running or paused queue processor, as the popup lists it. */
export interface ProcessorLine {
  platform: QueueProcessorPlatform;
  name: string;
  state: 'sending' | 'waiting' | 'paused';
  text: string;
}

/** Why a processor waits and until when, in the app's words (its SendingStatus). */
const WAITING: Record<string, (at: string) => string> = {
  spacing: (at) => `Next message ${at}`,
  break: (at) => `Taking a break: next message ${at}`,
  'outside-hours': (at) => `Outside working hours: next message ${at}`,
  'daily-cap': (at) => `Today’s limit reached: next message ${at}`,
  'hourly-cap': (at) => `This hour’s limit reached: next message ${at}`,
  busy: (at) => `Another browser is sending: next try ${at}`,
};

/**
 * A compact line per processor that runs (sending, or waiting until when and why) or is paused
 * (with the server's reason); idle processors are left out. `time` writes a moment as HH:MM in
 * the browser's zone.
 */
export function processorLines(
  status: GetStatusAnswer,
  time: (at: Date) => string,
): ProcessorLine[] {
  return QUEUE_PLATFORMS.flatMap((platform): ProcessorLine[] => {
    const p = status.platforms[platform];
    const line = (state: ProcessorLine['state'], text: string): ProcessorLine[] => [
      { platform, name: PLATFORM_NAMES[platform], state, text },
    ];
    const at = p.nextAt === null ? null : time(new Date(p.nextAt));
    if (p.state === 'paused') {
      const why = p.waitMessage ?? 'Open Leadloom to see why.';
      return line('paused', `${at ? `Paused until ${at}` : 'Paused until you resume'}. ${why}`);
    }
    if (p.state !== 'running') return [];
    if (p.sending) return line('sending', 'Sending a message now');
    let text =
      p.waitReason === 'empty'
        ? 'Nothing queued'
        : at
          ? (WAITING[p.waitReason ?? ''] ?? WAITING.spacing!)(at)
          : 'Waiting';
    if (p.lastError) text = `${text}. ${p.lastError}`;
    return line('waiting', text);
  });
}

/** HH:MM on a 24-hour clock, in the browser's zone. */
export function clockTime(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}
