export * from './constants';
export * from './entities';
export * from './contracts';
export * from './rules';
