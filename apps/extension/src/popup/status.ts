/** The popup's status line; the wording is tested, the DOM wiring is in popup.ts. */
export function popupStatusText(signedIn: boolean): string {
  return signedIn ? 'Signed in' : 'Not signed in to Leadloom';
}
