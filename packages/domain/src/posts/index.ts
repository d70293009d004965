export * from './posts';
export * from './search-text';
