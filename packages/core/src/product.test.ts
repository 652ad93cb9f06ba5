import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_TITLE,
  DEFAULT_TAG_SET_COLOR,
  pageTitle,
  PRODUCT_NAME,
  TERMS_VERSION,
} from './product';

describe('product constants', () => {
  it('names the product and the accepted terms version', () => {
    expect(PRODUCT_NAME).toBe('Leadloom');
    expect(TERMS_VERSION).toBe('1.0.1');
    expect(DEFAULT_TAG_SET_COLOR).toBe('#1C7EBB');
  });
});

describe('pageTitle', () => {
  it.each([
    [undefined, 'Leadloom 2.0'],
    ['', 'Leadloom 2.0'],
    ['   ', 'Leadloom 2.0'],
    ['Tasks', 'Leadloom 2.0 | Tasks'],
    [' Pipeline View ', 'Leadloom 2.0 | Pipeline View'],
  ])('pageTitle(%j) = %j', (screen, title) => {
    expect(pageTitle(screen)).toBe(title);
  });

  it('uses the default title constant', () => {
    expect(DEFAULT_PAGE_TITLE).toBe('Leadloom 2.0');
  });
});
