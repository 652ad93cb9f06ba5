/**
 * A team's colours (stages, tags, labels) on screen, in both schemes, from core's one rule
 * (`solidColors`, `tintColors`). Each pair comes as CSS variables for the light and the dark
 * scheme, and the classes in teamColors.module.css pick one with light-dark(): switching the
 * scheme re-renders nothing, and a colour is worked out once per page load (a board or table
 * paints the same few colours on hundreds of chips).
 */
import { isColor, solidColors, tintColors } from '@leadloom/core';
import type { CSSProperties } from 'react';
import classes from './teamColors.module.css';

/** The classes that paint a team colour given by `solidVars` / `tintVars`. */
export const teamColorClasses = classes;

type Vars = CSSProperties & Record<`--${string}`, string>;

const solidCache = new Map<string, Vars>();
const tintCache = new Map<string, Vars>();

/** No usable colour: the neutral look of the surface it is on. */
const NEUTRAL: Vars = {
  '--team-bg': 'transparent',
  '--team-bg-dark': 'transparent',
  '--team-fg': 'var(--mantine-color-text)',
  '--team-fg-dark': 'var(--mantine-color-text)',
};

/**
 * A solid fill (a stage's header, a stage or tag chip in setup) for `teamColorClasses.solid`;
 * `fontColor` is a stage's chosen text colour (kept where it reads).
 */
export function solidVars(color: string | null | undefined, fontColor?: string | null): Vars {
  if (!color || !isColor(color)) return NEUTRAL;
  const font = fontColor && isColor(fontColor) ? fontColor : undefined;
  const key = `${color}|${font ?? ''}`;
  let vars = solidCache.get(key);
  if (!vars) {
    const light = solidColors(color, 'light', font);
    const dark = solidColors(color, 'dark', font);
    vars = {
      '--team-bg': light.background,
      '--team-fg': light.text,
      '--team-bg-dark': dark.background,
      '--team-fg-dark': dark.text,
    };
    solidCache.set(key, vars);
  }
  return vars;
}

/** A tinted chip (a tag on a card, a row or the contact page) for `teamColorClasses.tint`. */
export function tintVars(color: string | null | undefined): Vars {
  if (!color || !isColor(color)) return NEUTRAL;
  let vars = tintCache.get(color);
  if (!vars) {
    const light = tintColors(color, 'light');
    const dark = tintColors(color, 'dark');
    vars = {
      '--team-bg': light.background,
      '--team-fg': light.text,
      '--team-bg-dark': dark.background,
      '--team-fg-dark': dark.text,
    };
    tintCache.set(color, vars);
  }
  return vars;
}
