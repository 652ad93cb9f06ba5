/** Colour helpers (SPEC §5 "Other rules"). */

export interface Rgba {
  /** Channels 0–255. */
  r: number;
  g: number;
  b: number;
  /** Opacity as a percentage, 0–100 (the product's convention for alpha). */
  alpha: number;
}

export const BLACK = '#000000';
export const WHITE = '#FFFFFF';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = '\\s*(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*';
const RGB = new RegExp(`^rgba?\\(${NUMBER},${NUMBER},${NUMBER}(?:,${NUMBER}(%?)\\s*)?\\)$`, 'i');

function checkChannel(value: number, input: string): number {
  if (value > 255) throw new TypeError(`Colour channel above 255 in "${input}"`);
  return value;
}

function checkAlpha(value: number, input: string): number {
  if (value > 100) throw new TypeError(`Colour alpha above 100 in "${input}"`);
  return value;
}

/**
 * Parses "#rgb", "#rrggbb", "#rrggbbaa", "rgb(r, g, b)" and "rgba(r, g, b, a)". In rgba() the
 * alpha is a percentage 0–100 (a trailing "%" is allowed); in #rrggbbaa it is the byte aa,
 * turned into a percentage. Raises TypeError for a non-string, for anything that is not one
 * of those forms, for a channel above 255 and for an alpha above 100 (SPEC §5).
 */
export function parseColor(input: unknown): Rgba {
  if (typeof input !== 'string')
    throw new TypeError(`Colour must be a string, got ${typeof input}`);
  const text = input.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const byte = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return {
      r: byte(0),
      g: byte(2),
      b: byte(4),
      alpha: full.length === 8 ? (byte(6) / 255) * 100 : 100,
    };
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const [, r = '', g = '', b = '', a] = rgb;
    return {
      r: checkChannel(Number(r), input),
      g: checkChannel(Number(g), input),
      b: checkChannel(Number(b), input),
      alpha: a === undefined ? 100 : checkAlpha(Number(a), input),
    };
  }
  throw new TypeError(`Not a colour: "${input}"`);
}

/** Whether a value parses as a colour. */
export function isColor(input: unknown): boolean {
  try {
    parseColor(input);
    return true;
  } catch {
    return false;
  }
}

/** Formats channels as "#RRGGBB" (alpha is dropped). */
export function toHex(color: Pick<Rgba, 'r' | 'g' | 'b'>): string {
  const part = (v: number) => Math.round(v).toString(16).padStart(2, '0').toUpperCase();
  return `#${part(color.r)}${part(color.g)}${part(color.b)}`;
}

function toRgba(color: string | Rgba): Rgba {
  return typeof color === 'string' ? parseColor(color) : color;
}

/** WCAG 2 relative luminance (0 = black, 1 = white); alpha is ignored. */
export function relativeLuminance(color: string | Rgba): number {
  const { r, g, b } = toRgba(color);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 (same) to 21 (black on white); symmetric in its arguments. */
export function contrastRatio(a: string | Rgba, b: string | Rgba): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Black or white text, whichever contrasts more with the background (SPEC §5); black wins a
 * tie. Raises like parseColor for a background that is not a colour.
 */
export function readableTextColor(background: string | Rgba): typeof BLACK | typeof WHITE {
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE;
}
