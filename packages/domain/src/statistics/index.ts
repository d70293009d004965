// The weekly statistics' shared definitions (docs/behaviour/statistics.md). Re-exports only.
export * from './calendar';
export * from './figures';
export * from './recipients';
export * from './report';
