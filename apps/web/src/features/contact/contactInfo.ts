import { normalizeHttpUrl } from '@leadloom/core';
import type { ContactRecord } from './types';

/** Profile platforms the page knows, in display order; any other key shows as a web link. */
export const PLATFORMS = [
  { key: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com', 'm.me'] },
  { key: 'instagram', label: 'Instagram', hosts: ['instagram.com'] },
  { key: 'linkedin', label: 'LinkedIn', hosts: ['linkedin.com'] },
  { key: 'x', label: 'X (Twitter)', hosts: ['x.com', 'twitter.com'] },
  { key: 'tiktok', label: 'TikTok', hosts: ['tiktok.com'] },
  { key: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  { key: 'website', label: 'Website', hosts: [] },
] as const;

export type PlatformKey = (typeof PLATFORMS)[number]['key'];

export function platformLabel(key: string): string {
  return PLATFORMS.find((p) => p.key === key)?.label ?? key;
}

/** The platform of a profile link by its host ("https://www.instagram.com/dana" → instagram). */
export function platformOfUrl(url: string): PlatformKey {
  let host: string;
  try {
    host = new URL(/^[a-z]+:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`)
      .hostname;
  } catch {
    return 'website';
  }
  host = host.toLowerCase().replace(/^www\./, '');
  for (const platform of PLATFORMS) {
    if (platform.hosts.some((h) => host === h || host.endsWith(`.${h}`))) return platform.key;
  }
  return 'website';
}

/** A link as typed ("instagram.com/dana") made into a web address, as the server stores it. */
export const normalizeUrl = (url: string): string => normalizeHttpUrl(url);

type Named = Pick<ContactRecord, 'GTID' | 'firstName' | 'lastName' | 'fullName' | 'emailAddress'> &
  Partial<Pick<ContactRecord, 'phoneNumber'>>;

/** The contact's name as shown: full name, else first + last, else e-mail, phone or GTID. */
export function contactName(c: Named): string {
  return (
    c.fullName?.trim() ||
    [c.firstName, c.lastName].filter(Boolean).join(' ').trim() ||
    c.emailAddress?.trim() ||
    c.phoneNumber?.trim() ||
    c.GTID
  );
}

/** The short name for sentences ("Dana moved to Proposal"). */
export function contactShortName(c: Named): string {
  return c.firstName?.trim() || contactName(c);
}
