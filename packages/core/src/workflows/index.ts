export * from './actions';
export * from './definition';
export * from './rules';
export * from './engine';
