import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_VIEWS, defaultViewPath, isDefaultContactView } from './default-view';

describe('defaultViewPath', () => {
  it.each([
    ['table', '/contacts/table'],
    ['pipeline', '/contacts/pipeline'],
    ['homeDashboard', '/dashboard/home'],
    ['kanban', '/contacts/pipeline'],
    ['Table', '/contacts/pipeline'],
    ['toString', '/contacts/pipeline'],
    ['', '/contacts/pipeline'],
    [null, '/contacts/pipeline'],
    [undefined, '/contacts/pipeline'],
    [3, '/contacts/pipeline'],
  ])('%j → %s', (view, path) => {
    expect(defaultViewPath(view)).toBe(path);
  });

  it('lists the three views', () => {
    expect(DEFAULT_CONTACT_VIEWS).toEqual(['pipeline', 'table', 'homeDashboard']);
    expect(isDefaultContactView('table')).toBe(true);
    expect(isDefaultContactView('constructor')).toBe(false);
  });
});
