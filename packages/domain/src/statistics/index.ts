// The weekly statistics' shared definitions (docs/behaviour/statistics.md). Re-exports only.
export * from './recipients';
