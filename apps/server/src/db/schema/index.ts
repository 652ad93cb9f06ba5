/**
 * The database, table by table, as the migrations in apps/server/drizzle build it; drizzle-kit
 * generates the next migration from the difference between this schema and the latest snapshot
 * in drizzle/meta (src/db/schema.test.ts checks that there is none).
 *
 * Hand-written migrations keep what drizzle cannot express, which is therefore absent here and
 * from the snapshot:
 * - SQL functions and triggers: `contact_search_doc` (0006), the search-word dictionary triggers
 *   (0016), the stage tally triggers and their functions (0019), and the `ENABLE ALWAYS` that
 *   keeps those triggers running under `session_replication_role = replica` (bulk loads);
 * - extensions (`pg_trgm`, `btree_gin`: 0001, 0009);
 * - the covering index `deal_pipeline_sum_idx` (`INCLUDE`, 0015);
 * - data backfills (0013, 0016, 0018, 0019).
 */
export * from './directory';
export * from './teams';
export * from './pipelines';
export * from './contacts';
export * from './tags';
export * from './connections';
export * from './filter-sets';
export * from './bulk';
export * from './message-templates';
export * from './tasks';
export * from './kpis';
export * from './board';
export * from './search';
export * from './outreach';
export * from './workflows';
