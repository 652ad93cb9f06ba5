import { describe, expect, it } from 'vitest';
import { isFromApp } from './sender';

describe('isFromApp', () => {
  it('accepts the app origin, also given as a page URL', () => {
    expect(isFromApp('http://localhost:3000', 'http://localhost:3000')).toBe(true);
    expect(isFromApp('http://localhost:3000/pipelines?x=1', 'http://localhost:3000')).toBe(true);
    expect(isFromApp('https://app.example.com', 'https://app.example.com')).toBe(true);
    expect(isFromApp('https://app.example.com:443', 'https://app.example.com')).toBe(true);
  });

  it.each([
    ['another port', 'http://localhost:5173'],
    ['another host', 'http://127.0.0.1:3000'],
    ['another scheme', 'https://localhost:3000'],
    ['a subdomain', 'http://evil.localhost:3000'],
    ['an opaque origin', 'null'],
    ['no origin', undefined],
  ])('refuses %s', (_label, sender) => {
    expect(isFromApp(sender, 'http://localhost:3000')).toBe(false);
  });
});
