/** Feature flags of SPEC §6. */

/** The named flags that gate bulk messaging and the auto-responder. */
export const FEATURE_FLAGS = {
  instagramBulkMessaging: 'instagram_bulk_messaging_access',
  facebookBulkMessaging: 'facebook_bulk_messaging_access',
  facebookAutoResponder: 'facebook_auto_responder_access',
} as const;
export type NamedFeatureFlag = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];

/** Flags under development carry this prefix and are never enabled, whatever the data says. */
export const DEV_FLAG_PREFIX = 'dev-';

/**
 * Whether a flag is on. `flags` is the team's flag data: a map of name → boolean, or a list
 * of enabled names. Only an explicit `true` (or presence in the list) enables a flag.
 */
export function isFeatureFlagEnabled(
  flags: Readonly<Record<string, unknown>> | readonly string[] | null | undefined,
  name: string,
): boolean {
  if (name.startsWith(DEV_FLAG_PREFIX) || !flags) return false;
  if (Array.isArray(flags)) return flags.includes(name);
  return Object.hasOwn(flags, name) && (flags as Record<string, unknown>)[name] === true;
}
