import { describe, expect, it } from 'vitest';
import { stageEntryPlace } from './card-order';

describe('stageEntryPlace', () => {
  it('puts a card new to the pipeline first in its stage', () => {
    expect(stageEntryPlace('new-to-pipeline')).toBe('first');
  });

  it('puts a card moved in from another stage without neighbours last', () => {
    expect(stageEntryPlace('moved-from-another-stage')).toBe('last');
  });
});
