import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

describe('splitLinks', () => {
  it('leaves plain text alone', () => {
    expect(splitLinks('hello')).toEqual([{ kind: 'text', value: 'hello' }]);
    expect(splitLinks('')).toEqual([]);
  });
  it('finds links and drops trailing punctuation', () => {
    expect(
      splitLinks(
        'Reset: http://localhost:3500/password-reset?token=abc. Thanks (see https://x.dev/a)',
      ),
    ).toEqual([
      { kind: 'text', value: 'Reset: ' },
      { kind: 'link', value: 'http://localhost:3500/password-reset?token=abc' },
      { kind: 'text', value: '. Thanks (see ' },
      { kind: 'link', value: 'https://x.dev/a' },
      { kind: 'text', value: ')' },
    ]);
  });
  it('marks a link whose secret the mail log masked', () => {
    expect(
      splitLinks('Open http://h.test/password-reset?token=••••••\nor http://h.test/a'),
    ).toEqual([
      { kind: 'text', value: 'Open ' },
      { kind: 'masked', value: 'http://h.test/password-reset?token=••••••' },
      { kind: 'text', value: '\nor ' },
      { kind: 'link', value: 'http://h.test/a' },
    ]);
  });
  it('ignores other schemes', () => {
    expect(splitLinks('javascript:alert(1)')).toEqual([
      { kind: 'text', value: 'javascript:alert(1)' },
    ]);
  });
});
