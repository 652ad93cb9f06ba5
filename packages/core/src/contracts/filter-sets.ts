import { z } from 'zod';
import { SEARCH_SORT_FIELDS, searchFilterSchema } from '../search';

/** Saved filter sets of the table view (docs/api.md "Saved filter sets"). */

/** A filter set's id in a path. */
export const filterSetUID = z.string().trim().min(1).max(128);

const filterSetName = z
  .string()
  .trim()
  .min(1, 'Enter a name for the view')
  .max(100, 'Keep the name under 100 characters');
const tableSort = z
  .object({ field: z.enum(SEARCH_SORT_FIELDS), direction: z.enum(['asc', 'desc']) })
  .strict()
  .nullable();
const tableColumns = z
  .array(z.string().trim().min(1).max(40))
  .max(30)
  .refine((l) => new Set(l).size === l.length, 'List each column once')
  .nullable();

export const createFilterSetBody = z
  .object({
    name: filterSetName,
    filter: searchFilterSchema,
    sort: tableSort.optional(),
    columns: tableColumns.optional(),
    shared: z.boolean().optional(),
  })
  .strict();

export const patchFilterSetBody = createFilterSetBody
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one of name, filter, sort, columns, shared',
  });

export const filterSetSchema = z.object({
  filterSetUID: z.string(),
  createdBy: z.string(),
  name: z.string(),
  /** As saved (a filter saved by an older version keeps its fields). */
  filter: z.record(z.string(), z.unknown()),
  sort: z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) }).nullable(),
  columns: z.array(z.string()).nullable(),
  shared: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const filterSetsAnswer = z.object({ filterSets: z.array(filterSetSchema) });
export const filterSetAnswer = z.object({ filterSet: filterSetSchema });
export const filterSetDeletedAnswer = z.object({ deleted: z.literal(true) });
