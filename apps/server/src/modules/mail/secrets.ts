/**
 * The secrets that stored mail carries in its links: a password-reset token (`?token=`) and an
 * invitation code (`/invite/CODE`). Anyone holding one can take over the account or the seat, so
 * the mail log shows super admins the mail with them masked; only the recipient gets them.
 */
const SECRET_IN_LINK = /([?&]token=)[^&#\s]+|(\/invite\/)[^/?#\s]+/g;

/** What a masked secret reads as (the web app shows such a link as text, not as a link). */
export const MAIL_SECRET_MASK = '••••••';

export function maskMailSecrets(text: string): string {
  return text.replace(
    SECRET_IN_LINK,
    (_match, query: string | undefined, path: string | undefined) =>
      `${query ?? path}${MAIL_SECRET_MASK}`,
  );
}
