import { PRODUCT_NAME } from './product';

/** Full-screen loader text shown while user data loads (SPEC §2 "Loading"). */
export const LOADER_TEXT = `${PRODUCT_NAME} is getting ready to rock...`;

/**
 * The 15 motivational taglines of the loader (SPEC §2, §9). The spec does not show the
 * original wording, so these are our own.
 */
export const LOADER_TAGLINES = [
  'Every great deal starts with a single hello.',
  'Your next best customer is one message away.',
  'Follow-ups close deals. Let us line them up.',
  'Warm leads, warmer conversations.',
  'Consistency beats intensity: keep the pipeline moving.',
  'Today is a great day to move someone to the next stage.',
  "Relationships first, sales follow. Let's build some.",
  'Small daily conversations, big monthly results.',
  'The fortune is in the follow-up.',
  'Be the message they are glad they opened.',
  "Pipelines don't fill themselves. Let's go!",
  'One more conversation could change your whole month.',
  'Show up, reach out, follow through.',
  'Your network is your net worth. Time to grow it.',
  'Dream big, DM bigger.',
] as const;

/**
 * One tagline at random. `random` is injectable for tests and must return a number in [0, 1),
 * like Math.random; out-of-range values are clamped so the result is always a tagline.
 */
export function pickTagline(random: () => number = Math.random): string {
  const last = LOADER_TAGLINES.length - 1;
  const index = Math.min(last, Math.max(0, Math.floor(random() * LOADER_TAGLINES.length)));
  return LOADER_TAGLINES[Number.isNaN(index) ? 0 : index] ?? LOADER_TAGLINES[0];
}
