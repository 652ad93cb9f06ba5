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
