/**
 * A team's colours (stages, phases, tags, labels) as shown in the light and the dark scheme.
 * Users pick one colour (and for a stage a text colour) that was chosen to look right on a white
 * page; a pale stage colour on a dark board glares, and a strong text colour on a dark fill is
 * unreadable. Every screen that paints a team colour takes its pair from here, so the board, the
 * table and the setup screens agree, and text always reaches WCAG AA on its fill.
 */
import { contrastRatio, parseColor, readableTextColor, relativeLuminance, toHex } from './color';
import type { Rgba } from './color';

export type ColorScheme = 'light' | 'dark';

/** WCAG 2 AA for normal text: what every text on a team colour reaches, in both schemes. */
export const MIN_TEXT_CONTRAST = 4.5;

/** What a tinted chip is laid on: the light page, and a card on the dark page (Mantine dark-6). */
export const SCHEME_SURFACE: Record<ColorScheme, string> = { light: '#FFFFFF', dark: '#2E2E2E' };

/** The stage colours offered when a stage is edited (pale fills with dark text, a few strong). */
export const STAGE_SWATCHES: readonly string[] = [
  '#E9ECEF',
  '#FFE066',
  '#FFA94D',
  '#FF8787',
  '#F783AC',
  '#DA77F2',
  '#9775FA',
  '#748FFC',
  '#4DABF7',
  '#3BC9DB',
  '#38D9A9',
  '#69DB7C',
  '#1C7EBB',
  '#2B8A3E',
  '#C92A2A',
  '#212529',
];

/** The phase colours offered (phases show as a coloured dot and a coloured chip). */
export const PHASE_SWATCHES: readonly string[] = [
  '#868E96',
  '#FAB005',
  '#FD7E14',
  '#FA5252',
  '#BE4BDB',
  '#4C6EF5',
  '#15AABF',
  '#40C057',
];

/** The tag and label colours offered (the default tag-set colour first). */
export const TAG_SWATCHES: readonly string[] = [
  '#1C7EBB',
  '#0C8599',
  '#2F9E44',
  '#66A80F',
  '#F08C00',
  '#E8590C',
  '#E03131',
  '#D6336C',
  '#9C36B5',
  '#6741D9',
  '#495057',
];

/** A fill and the text to write on it. */
export interface ColorPair {
  background: string;
  text: string;
}

/**
 * How light a fill may be in the dark scheme (relative luminance): a dark shade of its hue, a
 * step above the dark page (#242424 is 0.018) so that it still reads as that stage's colour.
 */
const DARK_FILL_LUMINANCE = 0.05;
/** A fill this saturated on a dark page looks neon; calmer shades keep the hue. */
const DARK_FILL_MAX_SATURATION = 0.45;
/** How much of the colour a tinted chip's fill takes (the rest is the surface). */
const TINT_SHARE: Record<ColorScheme, number> = { light: 0.14, dark: 0.24 };
/** Below this saturation a text colour has no hue to keep: black or white reads better. */
const ACHROMATIC = 0.08;

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function toHsl({ r, g, b }: Rgba): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h =
    max === rn ? ((gn - bn) / d + 6) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: h * 60, s: Math.min(1, s), l };
}

function fromHsl({ h, s, l }: Hsl): Rgba {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const channel = (v: number) => Math.round(Math.min(1, Math.max(0, v + m)) * 255);
  return { r: channel(r), g: channel(g), b: channel(b), alpha: 100 };
}

/**
 * The lightness between `from` and `to` (hue and saturation kept) closest to `from` whose
 * colour passes `ok`; `ok` must hold at `to` and change only once along the way (luminance is
 * monotonic in lightness, so contrast with a fixed colour is too on either side of it).
 */
function searchLightness(hsl: Hsl, from: number, to: number, ok: (c: Rgba) => boolean): Rgba {
  let near = from;
  let far = to;
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (ok(fromHsl({ ...hsl, l: mid }))) far = mid;
    else near = mid;
  }
  return fromHsl({ ...hsl, l: far });
}

/** The colour shown as a fill on the dark scheme: itself when dark already, else a dark shade. */
export function darkFill(color: string): string {
  const rgba = parseColor(color);
  if (relativeLuminance(rgba) <= DARK_FILL_LUMINANCE) return toHex(rgba);
  const hsl = toHsl(rgba);
  const calm = { ...hsl, s: Math.min(hsl.s, DARK_FILL_MAX_SATURATION) };
  return toHex(
    searchLightness(calm, calm.l, 0, (c) => relativeLuminance(c) <= DARK_FILL_LUMINANCE),
  );
}

/**
 * Text for a fill (SPEC §5: black or white by contrast), or, given a preferred text colour, that
 * colour when it reads on the fill and else the nearest shade of it that does (lighter on a dark
 * fill, darker on a light one), so a stage keeps its coloured title wherever it can.
 */
export function readableOn(background: string, preferred?: string): string {
  const fallback = readableTextColor(background);
  if (preferred === undefined) return fallback;
  const wanted = parseColor(preferred);
  if (contrastRatio(wanted, background) >= MIN_TEXT_CONTRAST) return toHex(wanted);
  const hsl = toHsl(wanted);
  if (hsl.s < ACHROMATIC) return fallback;
  const towards = fallback === '#FFFFFF' ? 1 : 0;
  return toHex(
    searchLightness(hsl, hsl.l, towards, (c) => contrastRatio(c, background) >= MIN_TEXT_CONTRAST),
  );
}

/**
 * A solid fill in a colour (a stage's header, a stage or tag chip in setup) and its text. On the
 * light scheme the fill is the colour itself; on the dark one a dark shade of it. `fontColor`
 * is the stage's chosen text colour, kept (or shaded) where it reads.
 */
export function solidColors(color: string, scheme: ColorScheme, fontColor?: string): ColorPair {
  const background = scheme === 'light' ? toHex(parseColor(color)) : darkFill(color);
  return { background, text: readableOn(background, fontColor) };
}

/** `a` mixed with `b`, `share` of `a` (0–1). */
function mix(a: Rgba, b: Rgba, share: number): Rgba {
  const m = (x: number, y: number) => x * share + y * (1 - share);
  return { r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b), alpha: 100 };
}

/**
 * A tinted chip (a tag on a card or a row): a faint fill of the colour on the scheme's surface,
 * with text in the colour itself, shaded until it reads on that fill.
 */
export function tintColors(color: string, scheme: ColorScheme): ColorPair {
  const rgba = parseColor(color);
  const background = toHex(mix(rgba, parseColor(SCHEME_SURFACE[scheme]), TINT_SHARE[scheme]));
  return { background, text: readableOn(background, toHex(rgba)) };
}
