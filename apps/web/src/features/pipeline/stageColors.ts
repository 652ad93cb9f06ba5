import type { CSSProperties } from 'react';
import type { BoardStage } from './types';

/**
 * CSS variables for a column. A stage's `color` and `fontColor` are a pair (the font colour is
 * chosen to read on the colour), so the header uses both; missing values fall back to neutrals.
 */
export function stageStyle(stage: Pick<BoardStage, 'color' | 'fontColor'>): CSSProperties {
  return {
    '--stage-color': stage.color || 'var(--mantine-color-gray-5)',
    '--stage-header-bg': stage.color || 'transparent',
    '--stage-font-color': stage.fontColor || 'var(--mantine-color-text)',
  } as CSSProperties;
}
