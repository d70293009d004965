export * from './schedule';
export * from './period';
