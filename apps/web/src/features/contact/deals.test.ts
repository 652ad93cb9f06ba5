import { describe, expect, it } from 'vitest';
import { dealTotals, formatMoney } from './deals';

describe('dealTotals', () => {
  it('adds up per currency and status, never across currencies', () => {
    const totals = dealTotals([
      { value: 100.1, currency: 'USD', status: 'open' },
      { value: '0.2', currency: 'usd', status: 'open' },
      { value: 500, currency: 'EUR', status: 'won' },
      { value: 50, currency: 'EUR', status: 'lost' },
      { value: 'n/a', currency: 'EUR', status: 'open' },
    ]);
    expect(totals).toEqual([
      { currency: 'EUR', open: 0, won: 500, lost: 50, count: 2 },
      { currency: 'USD', open: 100.3, won: 0, lost: 0, count: 2 },
    ]);
    expect(dealTotals([])).toEqual([]);
  });
});

describe('formatMoney', () => {
  it('formats with the currency, and still shows an unknown code', () => {
    expect(formatMoney(1200, 'EUR', 'en-US')).toBe('€1,200.00');
    expect(formatMoney(1200, 'JPY', 'en-US')).toBe('¥1,200');
    expect(formatMoney(5, 'NOPE', 'en-US')).toBe('5.00 NOPE');
  });
});
