import {
  DomainError,
  publishedAppVersion,
  unmatchedVersionMessage,
  type PublishWebAppVersionBody,
} from '@leadloom/core';
import { BUILD_VERSION } from '../../build-version';
import type { Services } from '../../services';
import { getSetting, setSetting } from './service';

/**
 * The web app version users are told to run (SPEC §4 App version): this server's own build by
 * default, so a fresh install or a deploy never shows a notice that Refresh cannot clear. A
 * super admin may publish another version only knowingly (`force`), and only until the server
 * runs another build.
 */
export async function publishedWebAppVersion(services: Services, build = BUILD_VERSION) {
  const override = await getSetting(services, 'webAppVersion');
  return {
    value: publishedAppVersion(build, override),
    build,
    override: override !== null && override.setOnBuild === build && override.version !== build,
  };
}

/**
 * PUT /api/admin/settings/webAppVersion `{value, force?}`: this build's version ends any
 * override; another version is refused with the reason (400 naming `value`) unless `force`.
 */
export async function publishWebAppVersion(
  services: Services,
  { value, force }: PublishWebAppVersionBody,
  build = BUILD_VERSION,
) {
  const unmatched = unmatchedVersionMessage(build, value);
  if (unmatched && !force) {
    throw new DomainError(
      'invalid-argument',
      `${unmatched} Publish it anyway only if that build is about to go live.`,
      'value',
    );
  }
  // This build's own version is stored as such (not as no value): it reads as no override.
  await setSetting(services, 'webAppVersion', { version: value, setOnBuild: build });
  return { key: 'webAppVersion' as const, ...(await publishedWebAppVersion(services, build)) };
}
