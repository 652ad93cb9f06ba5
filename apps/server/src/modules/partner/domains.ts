/**
 * Partner domains as hosts. Kept free of imports: config.ts parses PARTNER_DOMAINS with it.
 */

/** "partner.example.com" or "https://partner.example.com" → "partner.example.com"; else null. */
export function partnerHost(domain: string): string | null {
  const candidate = domain.includes('://') ? domain : `https://${domain}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.username) {
      return null;
    }
    return url.host;
  } catch {
    return null;
  }
}

/** Env PARTNER_DOMAINS (comma-separated) → the allowed hosts, lower-cased. */
export function parsePartnerDomains(raw: string): string[] {
  return raw
    .split(',')
    .map((entry) => partnerHost(entry.trim().toLowerCase()))
    .filter((host): host is string => host !== null);
}
