export * from './headers';
export * from './ip-address';
export * from './rotation';
export * from './secret';
