/**
 * Every timing of SPEC §4 and §9, in milliseconds, so the web app, the extension and the
 * server wait for the same amounts.
 */
export const TIMINGS = {
  /** Pause between two steps of the data load loop. */
  loadLoopStepMs: 1_000,
  /** After the load loop gives up: sign out, then go to /login after this delay. */
  signOutRedirectMs: 500,
  /** Redirect to the `next` path after this delay. */
  nextRedirectMs: 1_000,
  /** When the user state disappears, reset the app state after this delay. */
  stateResetMs: 1_000,
  /** Default notification duration (SPEC §9: "Notifications default to 5 s"). */
  notificationDefaultMs: 5_000,
  /** Toast duration. */
  toastMs: 5_000,
  /** Persistent notices (update, extension warnings, banners) use timeout 0: never auto-close. */
  persistentNoticeMs: 0,
  /** A dismissed notification stays hidden this long. */
  snoozeMs: 24 * 60 * 60 * 1_000,
  /** An "initial" activity is backdated so it sorts before what happens right after it. */
  initialActivityBackdateMs: 2 * 60 * 1_000,
  /** A pipeline-add activity is backdated, after the initial one and before later ones. */
  pipelineAddActivityBackdateMs: 60 * 1_000,
  /** Queue processors open at a random moment between these two delays after load. */
  queueProcessorMinDelayMs: 2_000,
  queueProcessorMaxDelayMs: 4_000,
} as const;

/** The data load loop runs at most this many times, TIMINGS.loadLoopStepMs apart (SPEC §4). */
export const LOAD_LOOP_MAX_STEPS = 8;

/**
 * Window offset (in pixels) between queue processors opened together, so their windows do
 * not sit exactly on top of each other (SPEC §4: Instagram gets 50 when Facebook also opens).
 */
export const QUEUE_PROCESSOR_OFFSET = 50;
