import { describe, expect, it } from 'vitest';
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
