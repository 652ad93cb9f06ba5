/** Product-wide names and texts (SPEC §2 "Titles", "Loading"; SPEC §9). */

/** What the product calls itself: SPEC's `{product}` placeholder. */
export const PRODUCT_NAME = 'Leadloom';

/** The terms version a user must have accepted (SPEC §9); anything else sends them to /accept-terms. */
export const TERMS_VERSION = '1.0.1';

/** The title used when a screen has no name of its own (SPEC §2). */
export const DEFAULT_PAGE_TITLE = `${PRODUCT_NAME} 2.0`;

/** "Leadloom 2.0 | {screen}", or the default title when there is no screen name. */
export function pageTitle(screen?: string): string {
  const name = screen?.trim();
  return name ? `${DEFAULT_PAGE_TITLE} | ${name}` : DEFAULT_PAGE_TITLE;
}

/** Colour of a new tag set (SPEC §9). */
export const DEFAULT_TAG_SET_COLOR = '#1C7EBB';
