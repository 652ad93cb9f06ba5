import { describe, expect, it } from 'vitest';
import {
  RESOURCES,
  RESOURCE_NAMES,
  isContactPart,
  isResource,
  resourceKey,
  visibilityOf,
} from './resources';

describe('the resource catalogue', () => {
  it('names every resource in one style: camelCase, no dashes or underscores', () => {
    for (const name of RESOURCE_NAMES) expect(name).toMatch(/^[a-z][a-zA-Z]*$/);
  });

  it('knows its names and nothing else', () => {
    expect(isResource('contactPipeline')).toBe(true);
    expect(isResource('contact-pipeline')).toBe(false);
    expect(isResource('toString')).toBe(false);
    expect(visibilityOf('toString')).toBeUndefined();
    expect(visibilityOf('kpi')).toEqual({
      kind: 'pipelineRow',
      rowOf: 'kpi',
      deletedGoesToAll: true,
    });
  });

  it('marks the contact parts, each with the table and column its key comes from', () => {
    const parts = RESOURCE_NAMES.filter(isContactPart).sort();
    expect(parts).toEqual(['activity', 'answer', 'deal', 'note', 'stageHistory']);
    expect(RESOURCES.note).toEqual({ kind: 'contactPart', table: 'note', column: 'note_uid' });
    expect(isContactPart('contact')).toBe(false);
  });

  it('builds the keys the realtime check and the web read back', () => {
    expect(resourceKey.placement('G1', 'P1')).toBe('G1/P1');
    expect(resourceKey.part('G1', 'N1')).toBe('G1/N1');
    expect(resourceKey.contactTag('G1', null, 'T1')).toBe('G1/global/T1');
    expect(resourceKey.contactTag('G1', 'P1', 'T1')).toBe('G1/P1/T1');
    expect(resourceKey.task(null, 'K1')).toBe('-/K1');
    expect(resourceKey.task('G1', 'K1')).toBe('G1/K1');
    expect(resourceKey.owned('U1', 'J1')).toBe('U1/J1');
  });
});
