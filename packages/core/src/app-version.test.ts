import { describe, expect, it } from 'vitest';
import { appVersionAction, publishedAppVersion, unmatchedVersionMessage } from './app-version';

describe('publishedAppVersion', () => {
  it("publishes the server's own build by default, so nobody is told to refresh", () => {
    expect(publishedAppVersion('1.2.0', null)).toBe('1.2.0');
    expect(appVersionAction('1.2.0', publishedAppVersion('1.2.0', null), '/')).toBe('none');
  });

  it('publishes an override set while this build runs', () => {
    expect(publishedAppVersion('1.2.0', { version: '1.3.0', setOnBuild: '1.2.0' })).toBe('1.3.0');
  });

  it('drops an override once another build runs (a deploy ends it)', () => {
    expect(publishedAppVersion('1.3.0', { version: '9.9.9', setOnBuild: '1.2.0' })).toBe('1.3.0');
  });
});

describe('unmatchedVersionMessage', () => {
  it('is null for the running build', () => {
    expect(unmatchedVersionMessage('1.2.0', '1.2.0')).toBeNull();
  });

  it('explains what a version no build has does to users', () => {
    expect(unmatchedVersionMessage('1.2.0', '9.9.9')).toBe(
      'No build of version 9.9.9 runs here: this server runs 1.2.0. Every user would be asked to ' +
        'refresh, and asked again after each refresh, until a 9.9.9 build is deployed.',
    );
  });
});
