/**
 * Guided tours (SPEC §2: started by a window message carrying a tour id and a notification id).
 * A step points at an element of the layout by a selector on what the layout already renders
 * (roles, labels, links), so the layout needs no tour-only markup.
 */
export interface TourStep {
  /** CSS selector of the element the step points at; a step whose element is missing is skipped. */
  target: string;
  title: string;
  text: string;
}

export const TOURS: Record<string, readonly TourStep[]> = {
  welcome: [
    {
      target: 'nav a[href="/contacts/pipeline"]',
      title: 'Your pipeline',
      text: 'Every contact as a card in the stages of a pipeline. Start here each day.',
    },
    {
      target: '[aria-label^="Current team:"]',
      title: 'Switch team',
      text: 'Belong to several teams? Switch here. Only this tab changes, so two tabs can work in two teams.',
    },
    {
      target: '[aria-label="Open help"]',
      title: 'Help',
      text: 'Short articles on every screen, with search. Open them whenever you are stuck.',
    },
    {
      target: '[aria-label="Account menu"]',
      title: 'Your account',
      text: 'Profile, team members, billing and sign-out live in this menu.',
    },
  ],
};

export interface StartTourMessage {
  tourId: string;
  notificationId: string | null;
}

/**
 * A `start_tour` window message, or null for any other message (the page also receives messages
 * from the extension, frames and dev tools, which must not be mistaken for one).
 */
export function parseStartTourMessage(data: unknown): StartTourMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== 'start_tour' || typeof message.tourId !== 'string') return null;
  const notificationId =
    typeof message.notificationId === 'string' || typeof message.notificationId === 'number'
      ? String(message.notificationId)
      : null;
  return { tourId: message.tourId, notificationId };
}

/**
 * The steps whose element is on the page now, in order: a narrow screen hides the team switcher,
 * and a tour must skip that step rather than point at nothing.
 */
export function presentSteps(
  steps: readonly TourStep[],
  exists: (selector: string) => boolean,
): TourStep[] {
  return steps.filter((step) => exists(step.target));
}
