export * from './common';
export * from './deals';
export * from './search';
export * from './bulk';
export * from './functions';
export * from './notes';
export * from './contact-parts';
