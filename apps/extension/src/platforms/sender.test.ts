import { describe, expect, it } from 'vitest';
import { onRecipientPage } from './recipient';
import { sameMessage } from './sender';

describe('sameMessage', () => {
  it('keeps line breaks and emoji, forgiving only white space at the ends', () => {
    const text = 'Hi Dana 👋\nGreat meeting you.\nSam 🚀';
    expect(sameMessage(`${text}\n`, text)).toBe(true);
    expect(sameMessage(text.replace(/\n/g, '\r\n'), text)).toBe(true);
    expect(sameMessage(text.replace(/\n/g, ' '), text)).toBe(false);
    expect(sameMessage('Hi Dana 👋', text)).toBe(false);
    expect(sameMessage(text.replace('🚀', ''), text)).toBe(false);
  });
});

describe('onRecipientPage', () => {
  it("is the recipient's page despite a trailing slash, case or a query", () => {
    const ig = 'https://www.instagram.com/dana.fixture/';
    expect(onRecipientPage('https://www.instagram.com/dana.fixture', ig)).toBe(true);
    expect(onRecipientPage('https://www.instagram.com/Dana.Fixture/?hl=de', ig)).toBe(true);
    expect(
      onRecipientPage(
        'https://www.facebook.com/profile.php?id=100001&sk=about',
        'https://www.facebook.com/profile.php?id=100001',
      ),
    ).toBe(true);
  });

  it("is not someone else's page, another site, or no address at all", () => {
    const fb = 'https://www.facebook.com/dana.fixture';
    expect(onRecipientPage('https://www.facebook.com/dana.fixture2', fb)).toBe(false);
    expect(onRecipientPage('https://www.instagram.com/dana.fixture', fb)).toBe(false);
    expect(
      onRecipientPage(
        'https://www.facebook.com/profile.php?id=2',
        'https://www.facebook.com/profile.php?id=1',
      ),
    ).toBe(false);
    expect(onRecipientPage('https://www.facebook.com/dana.fixture', 'not a link')).toBe(false);
  });
});
