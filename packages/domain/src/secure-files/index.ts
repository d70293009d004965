export * from './rules';
export * from './contracts';
