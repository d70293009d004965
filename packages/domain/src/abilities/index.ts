export * from './actor';
export * from './roles';
export * from './rules';
export * from './can';
export * from './presented';
