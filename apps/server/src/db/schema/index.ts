export * from './directory';
export * from './teams';
export * from './pipelines';
export * from './contacts';
export * from './tags';
export * from './connections';
export * from './filter-sets';
