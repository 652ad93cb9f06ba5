/**
 * Whether an external message comes from the app. `externally_connectable` already keeps other
 * origins out; the same rule is repeated in code so that a manifest edit (a wider pattern, a second
 * entry) cannot by itself open the extension's session to another site.
 */
export function isFromApp(senderOrigin: string | undefined, appOrigin: string): boolean {
  if (!senderOrigin) return false;
  try {
    // URL.origin drops default ports and lower-cases the host, as the app origin was normalised.
    return new URL(senderOrigin).origin === new URL(appOrigin).origin;
  } catch {
    return false;
  }
}
