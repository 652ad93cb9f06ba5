import { describe, expect, it } from 'vitest';
import { platformDisplayName, screenNameFor, titleForPath } from './route-titles';

describe('titles', () => {
  it.each([
    ['/queue/facebook', 'Queue Processor - Facebook'],
    ['/queue/instagram', 'Queue Processor - Instagram'],
    ['/queue/linkedin', 'Queue Processor - LinkedIn'],
    ['/queue/tiktok', 'Queue Processor - tiktok'],
    ['/tasks', 'Tasks'],
    ['/nowhere', 'Page Not Found'],
  ])('%s → screen %s', (pathname, screen) => {
    expect(screenNameFor(pathname)).toBe(screen);
  });

  it('prefixes the product', () => {
    expect(titleForPath('/queue/facebook')).toBe('Leadloom 2.0 | Queue Processor - Facebook');
    expect(titleForPath('/contacts/table')).toBe('Leadloom 2.0 | Table View');
  });

  it('capitalises known platforms regardless of case', () => {
    expect(platformDisplayName('FACEBOOK')).toBe('Facebook');
  });
});

describe('platformDisplayName with inherited names', () => {
  it('does not read Object.prototype', () => {
    expect(platformDisplayName('constructor')).toBe('constructor');
    expect(screenNameFor('/queue/toString')).toBe('Queue Processor - toString');
  });
});
