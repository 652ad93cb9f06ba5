import type { Deal, DealStatus } from './types';

export interface CurrencyTotal {
  currency: string;
  open: number;
  won: number;
  lost: number;
  count: number;
}

/** Deal amounts per currency (never added across currencies), by status; currencies A–Z. */
export function dealTotals(deals: readonly Pick<Deal, 'value' | 'currency' | 'status'>[]) {
  const byCurrency = new Map<string, CurrencyTotal>();
  for (const deal of deals) {
    const value = Number(deal.value);
    if (!Number.isFinite(value)) continue;
    const currency = deal.currency.trim().toUpperCase();
    const total = byCurrency.get(currency) ?? { currency, open: 0, won: 0, lost: 0, count: 0 };
    const status: DealStatus =
      deal.status === 'won' || deal.status === 'lost' ? deal.status : 'open';
    // Cents, so 0.1 + 0.2 adds up to 0.3.
    total[status] = Math.round((total[status] + value) * 100) / 100;
    total.count += 1;
    byCurrency.set(currency, total);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** "€1,200.00" for the locale; an unknown currency code still shows ("1,200.00 XYZ"). */
export function formatMoney(value: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(value)} ${currency}`;
  }
}
