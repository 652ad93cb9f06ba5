import { describe, expect, it } from 'vitest';
import { correctAddress, isOldHostname } from './wrongAddress';

describe('wrong web address', () => {
  it('matches the host name exactly, ignoring case and a trailing dot', () => {
    expect(isOldHostname('app.old.example', ['app.old.example'])).toBe(true);
    expect(isOldHostname('APP.old.example.', ['app.old.example'])).toBe(true);
    expect(isOldHostname('localhost', ['localhost'])).toBe(true);
    expect(isOldHostname('app.new.example', ['app.old.example'])).toBe(false);
    // A suffix is not the same host: sub.app.old.example was never configured.
    expect(isOldHostname('sub.app.old.example', ['app.old.example'])).toBe(false);
    expect(isOldHostname('localhost', [])).toBe(false);
  });

  it('sends the user to the same page on the app URL', () => {
    expect(
      correctAddress('http://127.0.0.1:4000', {
        pathname: '/contacts/pipeline/g1',
        search: '?q=1',
        hash: '#x',
      }),
    ).toBe('http://127.0.0.1:4000/contacts/pipeline/g1?q=1#x');
  });
});
