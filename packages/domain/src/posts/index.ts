export * from './posts';
export * from './search-text';
export * from './post-images';
