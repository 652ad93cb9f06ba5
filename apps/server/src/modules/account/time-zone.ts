/**
 * An IANA zone name such as "Europe/Berlin" or "UTC". Offsets ("+01:00") are refused: a zone
 * keeps daylight-saving rules, an offset does not.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value) || value.length > 64) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
