import { describe, expect, it } from 'vitest';
import * as core from './index';

/** Names other packages already code against: removing or renaming one must fail here. */
const CONTRACT = [
  'PRODUCT_NAME',
  'TERMS_VERSION',
  'pageTitle',
  'LOADER_TEXT',
  'LOADER_TAGLINES',
  'pickTagline',
  'defaultViewPath',
  'decideNavigation',
  'ROUTES',
  'NOT_FOUND_ROUTE',
  'matchRoute',
  'ERRORS',
  'INVALID_TOKEN_MESSAGE',
  'newPushId',
  'newGtid',
  'parseGtid',
  'PLACEHOLDER_STAGE',
  'DEFAULT_TAG_SET_COLOR',
  'TIMINGS',
  'ALLOWED_SUBSCRIPTION_STATUSES',
  'subscriptionStatus',
  'tierLimits',
  'contactQuota',
  'memberQuota',
  'readableTextColor',
  'contrastRatio',
  'parseColor',
] as const;

describe('public API', () => {
  it.each(CONTRACT)('exports %s', (name) => {
    expect(core[name]).toBeDefined();
  });

  it('exports functions with the agreed arities', () => {
    expect(core.pageTitle.length).toBe(1);
    expect(core.matchRoute.length).toBe(1);
    expect(core.decideNavigation.length).toBe(1);
    expect(core.parseGtid.length).toBe(1);
  });

  it('types ApiErrorBody', () => {
    const body: core.ApiErrorBody = { error: { status: 'not-found', message: 'Not found' } };
    expect(core.isApiErrorBody(body)).toBe(true);
  });
});
