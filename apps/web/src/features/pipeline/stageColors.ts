import type { CSSProperties } from 'react';
import { solidVars } from '../../ui/teamColors';
import type { BoardStage } from './types';

/**
 * CSS variables for a column. A stage's `color` and `fontColor` are a pair (the font colour is
 * chosen to read on the colour); the header takes both through the team colour rule
 * (`solidVars`: a dark shade on the dark scheme, text that reads on it). A stage without a
 * colour falls back to neutrals.
 */
export function stageStyle(stage: Pick<BoardStage, 'color' | 'fontColor'>): CSSProperties {
  return {
    ...solidVars(stage.color, stage.fontColor),
    '--stage-color': stage.color || 'var(--mantine-color-gray-5)',
  } as CSSProperties;
}
