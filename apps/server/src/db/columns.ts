import { customType } from 'drizzle-orm/pg-core';

/**
 * Ids and fractional position keys compare byte-wise (DESIGN §5): push ids and position keys
 * are designed to sort by their ASCII order, which locale collations would break.
 */
export const textC = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'text COLLATE "C"';
  },
});
