import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  isColor,
  parseColor,
  readableTextColor,
  relativeLuminance,
  toHex,
} from './color';

describe('parseColor', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255, alpha: 100 }],
    ['#1C7EBB', { r: 28, g: 126, b: 187, alpha: 100 }],
    ['#1c7ebb', { r: 28, g: 126, b: 187, alpha: 100 }],
    ['#00000000', { r: 0, g: 0, b: 0, alpha: 0 }],
    ['#000000ff', { r: 0, g: 0, b: 0, alpha: 100 }],
    ['rgb(1, 2, 3)', { r: 1, g: 2, b: 3, alpha: 100 }],
    ['RGB(1,2,3)', { r: 1, g: 2, b: 3, alpha: 100 }],
    ['rgba(10, 20, 30, 50)', { r: 10, g: 20, b: 30, alpha: 50 }],
    ['rgba(10,20,30,50%)', { r: 10, g: 20, b: 30, alpha: 50 }],
    ['rgba(255, 255, 255, 100)', { r: 255, g: 255, b: 255, alpha: 100 }],
    ['rgba(0, 0, 0, 0.5)', { r: 0, g: 0, b: 0, alpha: 0.5 }],
    ['  #abc  ', { r: 170, g: 187, b: 204, alpha: 100 }],
  ])('%s', (input, rgba) => {
    expect(parseColor(input)).toEqual(rgba);
  });

  it('reads the hex alpha byte as a percentage', () => {
    expect(parseColor('#00000080').alpha).toBeCloseTo(50.2, 1);
  });

  it.each([42, null, undefined, {}, ['#fff']])('TypeError for non-string %j', (input) => {
    expect(() => parseColor(input)).toThrow(TypeError);
  });

  it.each(['rgb(256, 0, 0)', 'rgb(0, 300, 0)', 'rgba(0, 0, 999, 1)'])(
    'TypeError for a channel above 255: %s',
    (input) => {
      expect(() => parseColor(input)).toThrow(/above 255/);
    },
  );

  it.each(['rgba(0, 0, 0, 101)', 'rgba(0,0,0,100.5%)'])(
    'TypeError for alpha above 100: %s',
    (input) => {
      expect(() => parseColor(input)).toThrow(/above 100/);
    },
  );

  it.each(['', 'red', '#ff', '#fffff', '#ggg', 'rgb(1,2)', 'rgb(-1,2,3)', 'hsl(1,2%,3%)'])(
    'TypeError for %j',
    (input) => {
      expect(() => parseColor(input)).toThrow(TypeError);
      expect(isColor(input)).toBe(false);
    },
  );

  it('round-trips hex', () => {
    fc.assert(
      fc.property(fc.nat(255), fc.nat(255), fc.nat(255), (r, g, b) => {
        expect(parseColor(toHex({ r, g, b }))).toEqual({ r, g, b, alpha: 100 });
        expect(parseColor(`rgb(${r}, ${g}, ${b})`)).toEqual({ r, g, b, alpha: 100 });
      }),
    );
  });
});

describe('contrast', () => {
  it('matches WCAG reference values', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#1C7EBB', '#1C7EBB')).toBe(1);
  });

  it('is symmetric and between 1 and 21', () => {
    const channel = fc.nat(255);
    const color = fc.record({ r: channel, g: channel, b: channel, alpha: fc.constant(100) });
    fc.assert(
      fc.property(color, color, (a, b) => {
        const ratio = contrastRatio(a, b);
        return ratio >= 1 && ratio <= 21 + 1e-9 && Math.abs(ratio - contrastRatio(b, a)) < 1e-12;
      }),
    );
  });

  it.each([
    ['#FFFFFF', '#000000'],
    ['#FFFF00', '#000000'],
    ['#1C7EBB', '#000000'],
    ['#000000', '#FFFFFF'],
    ['#FF0000', '#000000'],
    ['#0000FF', '#FFFFFF'],
    ['rgb(30, 30, 30)', '#FFFFFF'],
  ])('text on %s is %s', (bg, text) => {
    expect(readableTextColor(bg)).toBe(text);
  });

  it('always picks the colour with the higher contrast', () => {
    fc.assert(
      fc.property(fc.nat(255), fc.nat(255), fc.nat(255), (r, g, b) => {
        const bg = toHex({ r, g, b });
        const text = readableTextColor(bg);
        const other = text === '#000000' ? '#FFFFFF' : '#000000';
        return contrastRatio(bg, text) >= contrastRatio(bg, other);
      }),
    );
  });

  it('raises for a background that is not a colour', () => {
    expect(() => readableTextColor('nope')).toThrow(TypeError);
  });
});
