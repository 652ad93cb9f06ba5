import { describe, expect, it } from 'vitest';
import { contactName, contactShortName, normalizeUrl, platformOfUrl } from './contactInfo';

describe('platformOfUrl', () => {
  it('knows a platform by its host, with or without scheme and www', () => {
    expect(platformOfUrl('https://www.instagram.com/dana')).toBe('instagram');
    expect(platformOfUrl('linkedin.com/in/dana')).toBe('linkedin');
    expect(platformOfUrl('https://de.linkedin.com/in/dana')).toBe('linkedin');
    expect(platformOfUrl('https://twitter.com/dana')).toBe('x');
    expect(platformOfUrl('https://notfacebook.com/x')).toBe('website');
    expect(platformOfUrl('::')).toBe('website');
  });

  it('adds https:// to a typed link', () => {
    expect(normalizeUrl(' instagram.com/dana ')).toBe('https://instagram.com/dana');
    expect(normalizeUrl('http://a.b')).toBe('http://a.b');
    expect(normalizeUrl('  ')).toBe('');
  });
});

describe('contactName', () => {
  const base = {
    GTID: 'brave-otter-1',
    firstName: '',
    lastName: '',
    fullName: '',
    emailAddress: '',
  };
  it('falls back from full name to first + last, e-mail, phone, GTID', () => {
    expect(contactName({ ...base, fullName: 'Dana Smith', firstName: 'D' })).toBe('Dana Smith');
    expect(contactName({ ...base, firstName: 'Dana', lastName: 'Smith' })).toBe('Dana Smith');
    expect(contactName({ ...base, emailAddress: 'd@x.io' })).toBe('d@x.io');
    expect(contactName({ ...base, phoneNumber: '+1 555' })).toBe('+1 555');
    expect(contactName(base)).toBe('brave-otter-1');
    expect(contactShortName({ ...base, firstName: 'Dana', fullName: 'Dana Smith' })).toBe('Dana');
    expect(contactShortName({ ...base, fullName: 'Dana Smith' })).toBe('Dana Smith');
  });
});
