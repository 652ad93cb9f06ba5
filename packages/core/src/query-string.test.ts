import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildQuery, parseQuery, splitPath } from './query-string';

describe('query strings', () => {
  it('parses with or without "?"', () => {
    expect(parseQuery('?a=1&b=x%20y')).toEqual({ a: '1', b: 'x y' });
    expect(parseQuery('a=1&a=2&flag&=v&&c=a+b')).toEqual({ a: '1', flag: '', c: 'a b' });
    expect(parseQuery('')).toEqual({});
    expect(parseQuery(undefined)).toEqual({});
    expect(parseQuery('?x=%E0%A4%A')).toEqual({ x: '%E0%A4%A' });
  });

  it('builds in order, encoded', () => {
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ initial: 'true', next: '/a?b=1&c' })).toBe(
      '?initial=true&next=%2Fa%3Fb%3D1%26c',
    );
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (params) => {
        expect(parseQuery(buildQuery(params))).toEqual({ ...params });
      }),
    );
  });

  it('splits paths', () => {
    expect(splitPath('/a/b?x=1#h')).toEqual({ pathname: '/a/b', search: '?x=1' });
    expect(splitPath('/a#h?x')).toEqual({ pathname: '/a', search: '' });
  });
});

describe('query strings with prototype-ish keys', () => {
  it('keeps them as plain data', () => {
    const parsed = parseQuery('?__proto__=x&toString=y&constructor=z');
    expect(Object.keys(parsed)).toEqual(['__proto__', 'toString', 'constructor']);
    expect(parsed.toString).toBe('y');
  });
});
