export {};
export * from './extension-messages';
