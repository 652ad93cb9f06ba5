/** Whose page a tab shows: pure, for the content script and the service worker alike. */

/**
 * Whether the page is the one the worker opened for the recipient: the same host and path
 * (case and a trailing slash aside) and, for Facebook's numeric profiles, the same `id`. A page
 * that is someone else's must never get the message.
 */
export function onRecipientPage(href: string, recipient: string): boolean {
  let page: URL;
  let wanted: URL;
  try {
    page = new URL(href);
    wanted = new URL(recipient);
  } catch {
    return false;
  }
  const path = (url: URL) => url.pathname.replace(/\/+$/, '').toLowerCase();
  return (
    page.hostname === wanted.hostname &&
    path(page) === path(wanted) &&
    page.searchParams.get('id') === wanted.searchParams.get('id')
  );
}
