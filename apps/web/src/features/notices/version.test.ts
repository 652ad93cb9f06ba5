import { describe, expect, it } from 'vitest';
import { markReloaded, versionAction } from './version';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('versionAction', () => {
  it('follows core: nothing when equal or unset, notice elsewhere, reload on /queue', () => {
    const s = memoryStorage();
    expect(versionAction('1.0.0', '/contacts', s, '1.0.0')).toBe('none');
    expect(versionAction('', '/queue/facebook', s, '1.0.0')).toBe('none');
    expect(versionAction('1.1.0', '/contacts/pipeline', s, '1.0.0')).toBe('notify');
    expect(versionAction('1.1.0', '/queue/facebook', s, '1.0.0')).toBe('reload');
  });

  it('reloads a queue window once per published version, then shows the notice', () => {
    const s = memoryStorage();
    markReloaded('1.1.0', s);
    expect(versionAction('1.1.0', '/queue/facebook', s, '1.0.0')).toBe('notify');
    expect(versionAction('1.2.0', '/queue/facebook', s, '1.0.0')).toBe('reload');
  });
});
