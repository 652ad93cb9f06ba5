import { describe, expect, it } from 'vitest';
import { impactSentence, stageMoveSentence } from './format';

describe('pipeline setup wording', () => {
  it('names everything a pipeline delete takes, and nothing it does not', () => {
    expect(impactSentence({ stages: 3, contacts: 120, tagSets: 1, deals: 0 })).toBe(
      'This also deletes 3 stages, the places of 120 contacts in it and 1 tag set.',
    );
    expect(impactSentence({ stages: 1, contacts: 0, tagSets: 0, deals: 2 })).toBe(
      'This also deletes 1 stage and 2 deals.',
    );
    expect(impactSentence({ stages: 0, contacts: 0, tagSets: 0, deals: 0 })).toBe(
      'It has no stages, contacts, tag sets or deals yet.',
    );
  });

  it('says how many contacts a stage delete moves', () => {
    expect(stageMoveSentence(0)).toBe('No contacts are in this stage.');
    expect(stageMoveSentence(1)).toBe('1 contact is in this stage; choose where they move.');
    expect(stageMoveSentence(1200)).toBe(
      '1,200 contacts are in this stage; choose where they move.',
    );
  });
});
