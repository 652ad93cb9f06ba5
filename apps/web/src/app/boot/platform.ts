/**
 * Whether this page runs inside the browser extension (its pages are served from the
 * chrome-extension: origin). The extension has its own boot (SPEC §4), so the guard does not
 * wait for base data there.
 */
export function isExtension(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'chrome-extension:';
}
