export * from './common';
export * from './deals';
