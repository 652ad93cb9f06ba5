import { FEATURE_FLAGS, isFeatureFlagEnabled } from '../feature-flags';
import type { QueuePlatform } from '../message-queue';
import { PRODUCT_NAME } from '../product';
import { hasFeature, type Feature, type SubscriptionLike } from '../subscription';

export const PLATFORM_NAMES: Readonly<Record<QueuePlatform, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

export type QueueGate =
  | { ok: true }
  /** `cause`: what would enable it: the plan, or a team flag a super admin switches. */
  | { ok: false; cause: 'plan' | 'flag'; message: string };

const ACCESS: Record<QueuePlatform, Feature> = {
  facebook: 'facebook_access',
  instagram: 'instagram_access',
  linkedin: 'linkedin_access',
};

/** Bulk messaging's plan feature and team flag; LinkedIn has none beyond its access. */
const BULK: Partial<Record<QueuePlatform, { feature: Feature; flag: string }>> = {
  facebook: { feature: 'facebook_bulk_messaging', flag: FEATURE_FLAGS.facebookBulkMessaging },
  instagram: { feature: 'instagram_bulk_messaging', flag: FEATURE_FLAGS.instagramBulkMessaging },
};

/**
 * Whether a team may queue messages on a platform (SPEC §6). One recipient needs the platform's
 * access; more than one is bulk messaging, which on Facebook and Instagram needs the platform at
 * pro level (or the features map) and the team's bulk-messaging flag.
 */
export function queueGate(input: {
  subscription: SubscriptionLike | null | undefined;
  flags: Parameters<typeof isFeatureFlagEnabled>[0];
  platform: QueuePlatform;
  recipients: number;
}): QueueGate {
  const name = PLATFORM_NAMES[input.platform];
  if (!hasFeature(input.subscription, ACCESS[input.platform])) {
    return {
      ok: false,
      cause: 'plan',
      message: `Your plan does not include ${name}. Add ${name} to your plan to message people there.`,
    };
  }
  const bulk = BULK[input.platform];
  if (input.recipients > 1 && bulk) {
    if (!hasFeature(input.subscription, bulk.feature)) {
      return {
        ok: false,
        cause: 'plan',
        message: `Messaging several people at once on ${name} needs ${name} Pro in your plan.`,
      };
    }
    if (!isFeatureFlagEnabled(input.flags, bulk.flag)) {
      return {
        ok: false,
        cause: 'flag',
        message: `Bulk messaging on ${name} is switched off for this team. Ask ${PRODUCT_NAME} support to switch it on.`,
      };
    }
  }
  return { ok: true };
}
