import { describe, expect, it } from 'vitest';
import { guardMustWait, loadLoopNext, loadStateOf } from './load-state';

const min = { members: true, user: true, subscription: true };
const rest = {
  aiContext: true,
  statusOptions: true,
  categories: true,
  types: true,
  tagSets: true,
  pipelineSummary: true,
  phases: true,
};

describe('loadStateOf', () => {
  it('is none until members, user and subscription are in', () => {
    expect(loadStateOf({})).toBe('none');
    expect(loadStateOf({ ...rest, members: true, user: true })).toBe('none');
    expect(loadStateOf(min)).toBe('min');
    expect(loadStateOf({ ...min, ...rest, phases: false })).toBe('min');
    expect(loadStateOf({ ...min, ...rest })).toBe('full');
  });
});

describe('guardMustWait', () => {
  it.each([
    ['none', true, false, true],
    ['none', false, false, false],
    ['none', true, true, false],
    ['min', true, false, false],
    ['full', true, false, false],
  ] as const)(
    'state %s, needsBaseData %s, extension %s → %s',
    (loadState, needsBaseData, isExtension, wait) => {
      expect(guardMustWait({ loadState, route: { needsBaseData }, isExtension })).toBe(wait);
    },
  );
});

describe('loadLoopNext', () => {
  it('waits up to 8 steps, then signs out', () => {
    expect(loadLoopNext(1, 'none')).toBe('wait');
    expect(loadLoopNext(7, 'none')).toBe('wait');
    expect(loadLoopNext(8, 'none')).toBe('sign-out');
    expect(loadLoopNext(3, 'min')).toBe('done');
    expect(loadLoopNext(8, 'full')).toBe('done');
  });
});
