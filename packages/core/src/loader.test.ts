import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOADER_TAGLINES, LOADER_TEXT, pickTagline } from './loader';

describe('loader', () => {
  it('shows the spec text', () => {
    expect(LOADER_TEXT).toBe('Leadloom is getting ready to rock...');
  });

  it('has 15 distinct, non-empty taglines', () => {
    expect(LOADER_TAGLINES).toHaveLength(15);
    expect(new Set(LOADER_TAGLINES).size).toBe(15);
    for (const line of LOADER_TAGLINES) expect(line.trim()).not.toBe('');
  });

  it('picks by the injected random number', () => {
    expect(pickTagline(() => 0)).toBe(LOADER_TAGLINES[0]);
    expect(pickTagline(() => 0.999999)).toBe(LOADER_TAGLINES[14]);
    expect(pickTagline(() => 7 / 15)).toBe(LOADER_TAGLINES[7]);
  });

  it('clamps a misbehaving random source', () => {
    expect(pickTagline(() => 1)).toBe(LOADER_TAGLINES[14]);
    expect(pickTagline(() => -3)).toBe(LOADER_TAGLINES[0]);
    expect(pickTagline(() => Number.NaN)).toBe(LOADER_TAGLINES[0]);
  });

  it('always returns one of the taglines', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) =>
        (LOADER_TAGLINES as readonly string[]).includes(pickTagline(() => r)),
      ),
    );
    expect(LOADER_TAGLINES).toContain(pickTagline());
  });
});
