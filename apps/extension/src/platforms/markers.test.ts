import { describe, expect, it } from 'vitest';
import { firstMatch } from './dom';
import { PLATFORM_DATA, platformForHost } from './index';
import { containsMarker, equalsMarker, normalizeText } from './markers';

const platforms = Object.values(PLATFORM_DATA);

describe('text markers', () => {
  it('ignore case, accents, typographic apostrophes, the ellipsis and spacing', () => {
    expect(normalizeText('  You’re  Temporarily\nBLOCKED… ')).toBe("you're temporarily blocked...");
    expect(normalizeText('Bestätige deine Identität')).toBe('bestatige deine identitat');
  });

  it("find Messenger's limit dialog in English, German and Spanish", () => {
    const { limit } = PLATFORM_DATA.facebook.markers;
    expect(
      containsMarker('You’re Temporarily Blocked\nIt looks like you were misusing', limit),
    ).toMatchObject({ lang: 'en' });
    expect(
      containsMarker('Du wurdest vorübergehend blockiert. Es sieht so aus …', limit),
    ).toMatchObject({ lang: 'de' });
    expect(containsMarker('Se te bloqueó temporalmente', limit)).toMatchObject({ lang: 'es' });
    expect(containsMarker('Hey, are you free on Friday?', limit)).toBeNull();
  });

  it('tell the states apart: a checkpoint is no login wall, "can\'t message" no limit', () => {
    const { markers } = PLATFORM_DATA.instagram;
    const text = "Help us confirm it's you";
    expect(containsMarker(text, markers.checkpoint)).not.toBeNull();
    expect(containsMarker(text, markers.login)).toBeNull();
    expect(containsMarker(text, markers.limit)).toBeNull();
    const cant = 'Esta cuenta no puede recibir tu mensaje';
    expect(containsMarker(cant, markers.cantMessage)).toMatchObject({ lang: 'es' });
    expect(containsMarker(cant, markers.limit)).toBeNull();
  });

  it('match a button label exactly: "OK" closes a notice, "Book" is not "OK"', () => {
    const { dismiss } = PLATFORM_DATA.facebook.markers;
    expect(equalsMarker(' ok ', dismiss)).toMatchObject({ lang: 'en' });
    expect(equalsMarker('Weiter', dismiss)).toMatchObject({ lang: 'de' });
    expect(equalsMarker('Book', dismiss)).toBeNull();
    expect(equalsMarker('', dismiss)).toBeNull();
  });

  it('give every platform each state in English, German and Spanish', () => {
    for (const data of platforms) {
      for (const kind of [
        'limit',
        'login',
        'checkpoint',
        'cantMessage',
        'sending',
        'notSent',
      ] as const) {
        for (const lang of ['en', 'de', 'es'] as const) {
          expect(
            data.markers[kind][lang].length,
            `${data.platform} ${kind} ${lang}`,
          ).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('selector data', () => {
  it('tries selectors in their order and reports the tier that matched', () => {
    const seen: string[] = [];
    const page: Record<string, string> = {
      '[aria-label="Message"]': 'label',
      '[role="textbox"]': 'role',
    };
    const hit = firstMatch(
      ['[data-testid="composer"]', '[aria-label="Message"]', '[role="textbox"]'],
      (s) => {
        seen.push(s);
        return page[s] ?? null;
      },
    );
    expect(hit).toEqual({ value: 'label', selector: '[aria-label="Message"]', tier: 1 });
    expect(seen).toEqual(['[data-testid="composer"]', '[aria-label="Message"]']);
    expect(firstMatch(['a', 'b'], () => null)).toBeNull();
  });

  it('puts data-testid first, then labels, in every list that has one', () => {
    for (const data of platforms) {
      for (const [name, list] of Object.entries(data.selectors)) {
        const testid = list.findIndex((s) => s.includes('data-testid'));
        if (testid >= 0) expect(testid, `${data.platform}.${name}`).toBe(0);
      }
    }
  });

  it('is versioned and picks the platform by host', () => {
    for (const data of platforms) expect(data.version).toMatch(new RegExp(`^${data.platform}-\\d`));
    expect(platformForHost('www.facebook.com')?.platform).toBe('facebook');
    expect(platformForHost('WWW.INSTAGRAM.COM')?.platform).toBe('instagram');
    expect(platformForHost('www.linkedin.com')?.platform).toBe('linkedin');
    expect(platformForHost('facebook.com.evil.example')).toBeNull();
  });
});
