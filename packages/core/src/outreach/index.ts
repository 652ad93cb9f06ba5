export * from './limits';
export * from './pacing';
export * from './results';
export * from './gating';
export * from './queue-items';
