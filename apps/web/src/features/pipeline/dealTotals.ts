import type { DealTotal } from './types';

const formatters = new Map<string, Intl.NumberFormat>();

/** A compact money amount ("$12.4k"); an unknown currency code falls back to "12.4K XYZ". */
export function formatMoney(value: string, currency: string, locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      });
    } catch {
      format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    }
    formatters.set(key, format);
  }
  const text = format.format(Number(value));
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

const isZero = (value: string) => Number(value) === 0;

/** One currency's line: "$12.4k open · $3.2k won", leaving out a side that is zero. */
export function totalLine(total: DealTotal, locale?: string): string {
  const parts: string[] = [];
  if (!isZero(total.open)) parts.push(`${formatMoney(total.open, total.currency, locale)} open`);
  if (!isZero(total.won)) parts.push(`${formatMoney(total.won, total.currency, locale)} won`);
  return parts.join(' · ');
}

/**
 * What a column header shows: the line of its largest currency (by open plus won), and every
 * currency's line for the tooltip. `null` when the stage has no open or won deals.
 */
export function headerTotals(
  totals: DealTotal[],
  locale?: string,
): { main: string; more: number; all: string[] } | null {
  const shown = totals.filter((t) => !isZero(t.open) || !isZero(t.won));
  if (shown.length === 0) return null;
  const size = (t: DealTotal) => Number(t.open) + Number(t.won);
  const sorted = [...shown].sort(
    (a, b) => size(b) - size(a) || a.currency.localeCompare(b.currency),
  );
  const all = sorted.map((t) => `${t.currency}: ${totalLine(t, locale)}`);
  return { main: totalLine(sorted[0]!, locale), more: sorted.length - 1, all };
}
