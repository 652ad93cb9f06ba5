import { describe, expect, it } from 'vitest';
import { templateSnippet } from './templateContext';

describe('templateSnippet', () => {
  it('folds lines and shortens long texts', () => {
    expect(templateSnippet('Hi\n\n  there')).toBe('Hi there');
    expect(templateSnippet('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
