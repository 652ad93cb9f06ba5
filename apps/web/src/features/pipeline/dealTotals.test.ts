import { describe, expect, it } from 'vitest';
import { formatMoney, headerTotals, totalLine } from './dealTotals';

describe('deal totals in a column header', () => {
  it('formats compact currency amounts', () => {
    expect(formatMoney('12400', 'USD', 'en-US')).toBe('$12.4K');
    expect(formatMoney('3200.50', 'EUR', 'en-US')).toBe('€3.2K');
  });

  it('falls back to a plain number and the code for an unknown currency', () => {
    expect(formatMoney('1500', 'XX1', 'en-US')).toBe('1.5K XX1');
  });

  it('leaves out a zero side', () => {
    expect(totalLine({ currency: 'USD', open: '12400', won: '3200' }, 'en-US')).toBe(
      '$12.4K open · $3.2K won',
    );
    expect(totalLine({ currency: 'USD', open: '0', won: '3200' }, 'en-US')).toBe('$3.2K won');
  });

  it('shows the largest currency and lists every one for the tooltip', () => {
    const shown = headerTotals(
      [
        { currency: 'EUR', open: '100', won: '0' },
        { currency: 'USD', open: '12400', won: '3200' },
        { currency: 'GBP', open: '0', won: '0' },
      ],
      'en-US',
    );
    expect(shown).toEqual({
      main: '$12.4K open · $3.2K won',
      more: 1,
      all: ['USD: $12.4K open · $3.2K won', 'EUR: €100 open'],
    });
    expect(headerTotals([], 'en-US')).toBeNull();
  });
});
