/**
 * Generic form validators (SPEC §5: e-mail, date, time and colour patterns). The colour
 * validator is `isColor` from the colour helpers.
 */

/**
 * A pragmatic e-mail shape: one "@", no spaces, a dot in the domain, no empty labels. Real
 * deliverability is the mail server's business; this only catches typing mistakes.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" naming a real calendar day (2024-02-29 yes, 2023-02-29 no). */
export function isDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "HH:MM", 24-hour clock, 00:00 to 23:59. */
export function isTime(value: unknown): boolean {
  return typeof value === 'string' && TIME.test(value);
}
