import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpUrlSchema, isAppPath, isHttpUrl, isIconValue, normalizeHttpUrl } from './web-address';

/** Addresses a browser would run, load inline or hand to another program. */
const DANGEROUS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript://example.com/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://example.com/x',
  'https://javascript:alert(1)',
  'http:/example.com',
  'https:\\\\example.com',
  'https://',
  'https:// example.com',
  '//example.com/x',
  'example.com',
  '',
];

describe('isHttpUrl', () => {
  it.each([
    'https://www.facebook.com/dana',
    'http://example.com',
    'HTTPS://EXAMPLE.COM/A?b=c#d',
    'https://user:pw@example.com:8443/x',
    'https://[::1]:3000/',
    'https://127.0.0.1/x',
    'https://münchen.de/',
  ])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each(DANGEROUS)('refuses %j', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });

  it('refuses anything that is not a string', () => {
    for (const v of [null, undefined, 1, {}, ['https://a.b']]) expect(isHttpUrl(v)).toBe(false);
  });

  it('accepts only addresses whose scheme, as a browser reads it, is http or https', () => {
    // The browser drops leading/trailing C0 controls and spaces and every tab and newline before
    // reading the scheme; whatever passes must be left as it is by that and start with http(s).
    const isC0OrSpace = (ch: string) => ch.charCodeAt(0) <= 0x20;
    const asBrowserReads = (s: string) => {
      const chars = [...s].filter((ch) => ch !== '\t' && ch !== '\n' && ch !== '\r');
      while (chars.length > 0 && isC0OrSpace(chars[0]!)) chars.shift();
      while (chars.length > 0 && isC0OrSpace(chars.at(-1)!)) chars.pop();
      return chars.join('');
    };
    const piece = fc.constantFrom(
      'https://',
      'http://',
      'javascript:',
      'data:',
      'h',
      't',
      'p',
      's',
      ':',
      '/',
      '\\',
      '@',
      '.',
      '#',
      '?',
      'a',
      '1',
      ' ',
      '\t',
      '\n',
      '\r',
      '\u0000',
      '\u001f',
      '\u007f',
      '[',
      ']',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const s = pieces.join('');
        if (!isHttpUrl(s)) return;
        expect(asBrowserReads(s)).toBe(s);
        expect(s).toMatch(/^https?:\/\/[^/]/i);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeHttpUrl', () => {
  it.each([
    ['  https://example.com/x ', 'https://example.com/x'],
    ['facebook.com/dana', 'https://facebook.com/dana'],
    ['www.instagram.com/dana?x=1', 'https://www.instagram.com/dana?x=1'],
    ['example.org:8080/a', 'https://example.org:8080/a'],
    ['', ''],
    ['  ', ''],
    // A scheme stays: refused later, never turned into something that passes.
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['data:text/html,x', 'data:text/html,x'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    // Not an address at all: left for the validator to refuse.
    ['dana', 'dana'],
    ['not a link.com', 'not a link.com'],
  ])('%j → %j', (input, output) => {
    expect(normalizeHttpUrl(input)).toBe(output);
  });

  it('never turns an address with another scheme into an http(s) one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('javascript', 'data', 'vbscript', 'file', 'JaVaScRiPt'),
        fc.string({ maxLength: 30 }),
        (scheme, rest) => {
          expect(isHttpUrl(normalizeHttpUrl(`${scheme}:${rest}`))).toBe(false);
        },
      ),
    );
  });
});

describe('isAppPath', () => {
  it.each(['/', '/tasks', '/contact/abc?tab=notes'])('accepts %s', (p) => {
    expect(isAppPath(p)).toBe(true);
  });
  it.each(['//evil.example', '/\\evil.example', 'tasks', '/a b', '/a\nb', 'javascript:x'])(
    'refuses %j',
    (p) => {
      expect(isAppPath(p)).toBe(false);
    },
  );
});

describe('isIconValue', () => {
  it.each(['🎉', '★ New', 'https://cdn.example.com/i.png', '/logo.svg'])('accepts %s', (v) => {
    expect(isIconValue(v)).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    '//evil.example/i.png',
    '\\\\evil\\i.png',
    'x\ny',
  ])('refuses %j', (v) => {
    expect(isIconValue(v)).toBe(false);
  });
});

describe('httpUrlSchema', () => {
  const schema = httpUrlSchema('Profile link');

  it('answers the normalised address', () => {
    expect(schema.parse(' facebook.com/dana ')).toBe('https://facebook.com/dana');
    expect(schema.parse('http://example.com')).toBe('http://example.com');
  });

  it('names the field in its message', () => {
    const result = schema.safeParse('javascript:alert(1)');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Profile link must start with http:// or https://',
    );
  });

  it('refuses a blank unless the field allows one', () => {
    expect(schema.safeParse('').success).toBe(false);
    expect(httpUrlSchema('Photo', { allowBlank: true }).parse('  ')).toBe('');
  });

  it('refuses an address longer than the field takes', () => {
    const short = httpUrlSchema('Link', { max: 30 });
    const result = short.safeParse(`https://example.com/${'a'.repeat(20)}`);
    expect(result.error?.issues[0]?.message).toBe('Link is too long (at most 30 characters)');
  });
});
