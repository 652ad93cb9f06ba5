import { describe, expect, it } from 'vitest';
import { safeUrl } from './safeUrl';

describe('safeUrl', () => {
  it('passes http(s) addresses through', () => {
    expect(safeUrl('https://www.facebook.com/dana')).toBe('https://www.facebook.com/dana');
    expect(safeUrl('http://example.com/a.png')).toBe('http://example.com/a.png');
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    '//evil.example',
    'facebook.com/dana',
  ])('drops %j', (value) => {
    expect(safeUrl(value)).toBeUndefined();
    expect(safeUrl(value, { appPath: true })).toBeUndefined();
  });

  it('keeps an app path only where the field allows one', () => {
    expect(safeUrl('/tasks')).toBeUndefined();
    expect(safeUrl('/tasks', { appPath: true })).toBe('/tasks');
  });

  it('answers undefined for nothing', () => {
    expect(safeUrl(null)).toBeUndefined();
    expect(safeUrl(undefined)).toBeUndefined();
    expect(safeUrl('')).toBeUndefined();
  });
});
