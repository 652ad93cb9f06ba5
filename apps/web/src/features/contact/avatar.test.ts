import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_COLORS,
  avatarCandidates,
  avatarColor,
  avatarInitials,
  emailHash,
  gravatarUrl,
} from './avatar';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

describe('emailHash', () => {
  it('is the SHA-256 of the trimmed, lower-case e-mail', async () => {
    const expected = createHash('sha256').update('dana@example.com').digest('hex');
    await expect(emailHash('  Dana@Example.COM ', subtle)).resolves.toBe(expected);
  });

  it('is null without an e-mail or without Web Crypto', async () => {
    await expect(emailHash('  ', subtle)).resolves.toBeNull();
    await expect(emailHash(null, subtle)).resolves.toBeNull();
    await expect(emailHash('a@b.c', null)).resolves.toBeNull();
  });
});

describe('avatarCandidates', () => {
  it('tries the own photo, then the avatar service (which 404s instead of a stock face)', () => {
    expect(avatarCandidates('https://cdn.test/p.jpg', 'abc')).toEqual([
      'https://cdn.test/p.jpg',
      'https://www.gravatar.com/avatar/abc?d=404&s=160',
    ]);
    expect(gravatarUrl('abc')).toContain('d=404');
  });

  it('falls back to initials (no candidates) with neither, and ignores a photo that is no web address', () => {
    expect(avatarCandidates(null, null)).toEqual([]);
    expect(avatarCandidates('  ', null)).toEqual([]);
    expect(avatarCandidates('javascript:alert(1)', null)).toEqual([]);
    expect(avatarCandidates('', 'h')).toEqual(['https://www.gravatar.com/avatar/h?d=404&s=160']);
  });
});

describe('avatarInitials', () => {
  it('takes the first and last word', () => {
    expect(avatarInitials('Dana Q. Smith')).toBe('DS');
    expect(avatarInitials('dana')).toBe('D');
    expect(avatarInitials('  élise   ørsted ')).toBe('ÉØ');
    expect(avatarInitials('dana.smith@example.com')).toBe('DC');
    expect(avatarInitials('')).toBe('?');
    expect(avatarInitials('!!')).toBe('?');
  });
});

describe('avatarColor', () => {
  it('is stable per name and one of the palette', () => {
    expect(avatarColor('Dana Smith')).toBe(avatarColor(' dana smith '));
    expect(AVATAR_COLORS).toContain(avatarColor('Sam'));
    const colors = new Set(['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'].map(avatarColor));
    expect(colors.size).toBeGreaterThan(1);
  });
});
