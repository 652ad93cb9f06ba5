import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor, relativeLuminance, toHex } from './color';
import {
  darkFill,
  MIN_TEXT_CONTRAST,
  PHASE_SWATCHES,
  readableOn,
  SCHEME_SURFACE,
  solidColors,
  STAGE_SWATCHES,
  TAG_SWATCHES,
  tintColors,
  type ColorScheme,
} from './scheme-colors';

const SCHEMES: ColorScheme[] = ['light', 'dark'];
/** The demo team's stage pairs (pale fill, strong text) and its tag and label colours. */
const DEMO_STAGES: [string, string][] = [
  ['#E7F5FF', '#1864AB'],
  ['#FFF4E6', '#D9480F'],
  ['#F3F0FF', '#5F3DC4'],
  ['#FFF9DB', '#E67700'],
  ['#EBFBEE', '#2B8A3E'],
  ['#FFF0F6', '#A61E4D'],
  ['#E6FCF5', '#087F5B'],
];
const DEMO_CHIPS = ['#E03131', '#F76707', '#1C7ED6', '#7048E8', '#FAB005', '#0CA678', '#E8590C'];
const PALETTE = [...STAGE_SWATCHES, ...PHASE_SWATCHES, ...TAG_SWATCHES, ...DEMO_CHIPS];

const channel = fc.nat(255);
const anyColor = fc.record({ r: channel, g: channel, b: channel }).map((c) => toHex(c));

describe('team colours in both schemes', () => {
  it.each(PALETTE.flatMap((c) => SCHEMES.map((s) => [c, s] as const)))(
    'text on %s reads in the %s scheme, solid and tinted (WCAG ≥ 4.5)',
    (color, scheme) => {
      const solid = solidColors(color, scheme);
      expect(contrastRatio(solid.text, solid.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      const tint = tintColors(color, scheme);
      expect(contrastRatio(tint.text, tint.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );

  it.each(DEMO_STAGES.flatMap((p) => SCHEMES.map((s) => [...p, s] as const)))(
    'a stage %s with text %s reads in the %s scheme',
    (color, font, scheme) => {
      const pair = solidColors(color, scheme, font);
      expect(contrastRatio(pair.text, pair.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );

  it('holds for any colour and any chosen text colour', () => {
    fc.assert(
      fc.property(anyColor, anyColor, fc.constantFrom(...SCHEMES), (color, font, scheme) => {
        const solid = solidColors(color, scheme, font);
        const tint = tintColors(color, scheme);
        return (
          contrastRatio(solid.text, solid.background) >= MIN_TEXT_CONTRAST &&
          contrastRatio(tint.text, tint.background) >= MIN_TEXT_CONTRAST
        );
      }),
    );
  });

  it('keeps the light scheme as chosen: the colour, and SPEC §5 black or white text', () => {
    expect(solidColors('#ffe066', 'light')).toEqual({ background: '#FFE066', text: '#000000' });
    expect(solidColors('#1C7EBB', 'light').text).toBe(readableTextColor('#1C7EBB'));
    // A chosen text colour that reads is kept as it is.
    expect(solidColors('#E7F5FF', 'light', '#1864AB').text).toBe('#1864AB');
  });

  it('darkens a chosen text colour that does not read, keeping its hue', () => {
    const text = solidColors('#FFF4E6', 'light', '#FD7E14').text;
    expect(contrastRatio(text, '#FFF4E6')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(relativeLuminance(text)).toBeLessThan(relativeLuminance('#FD7E14'));
    expect(text).toMatch(/^#[89A-F][0-9A-F][0-9A-F]{2}[0-9A-F]{2}$/); // still mostly red-orange
  });

  it('shows every pale fill dark on the dark scheme, and leaves dark ones alone', () => {
    for (const color of [...PALETTE, ...DEMO_STAGES.map(([c]) => c)]) {
      const fill = darkFill(color);
      expect(relativeLuminance(fill)).toBeLessThanOrEqual(0.05);
      expect(contrastRatio(fill, SCHEME_SURFACE.dark)).toBeLessThan(2);
    }
    expect(darkFill('#212529')).toBe('#212529');
  });

  it('keeps a fill recognisable: the dark shade of a blue is still blue', () => {
    const fill = darkFill('#E7F5FF');
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r!);
    expect(b).toBeGreaterThanOrEqual(g!);
  });

  it('gives a coloured title a lighter shade of its hue on a dark fill', () => {
    const pair = solidColors('#E7F5FF', 'dark', '#1864AB');
    expect(pair.text).not.toBe('#FFFFFF');
    expect(relativeLuminance(pair.text)).toBeGreaterThan(relativeLuminance('#1864AB'));
  });

  it('falls back to black or white for a grey text colour', () => {
    expect(readableOn('#222222', '#555555')).toBe('#FFFFFF');
    expect(readableOn('#EEEEEE')).toBe('#000000');
  });

  it('raises on what is not a colour (SPEC §5)', () => {
    expect(() => solidColors('nope', 'dark')).toThrow(TypeError);
    expect(() => tintColors('#12', 'light')).toThrow(TypeError);
  });
});
