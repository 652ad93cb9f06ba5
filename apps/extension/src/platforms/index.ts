/** The selector data of each platform, and which one a page's host belongs to. */
import type { QueueProcessorPlatform } from '@leadloom/core';
import { facebook } from './facebook';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import type { PlatformData } from './types';

export const PLATFORM_DATA: Readonly<Record<QueueProcessorPlatform, PlatformData>> = {
  facebook,
  instagram,
  linkedin,
};

export function platformForHost(hostname: string): PlatformData | null {
  const host = hostname.toLowerCase();
  return Object.values(PLATFORM_DATA).find((data) => data.hosts.includes(host)) ?? null;
}
