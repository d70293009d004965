// The organizations module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export * from './organizations.service';
export * from './get-organization-settings';
export * from './get-organization-schedule';
export * from './get-organization-tier';
export * from './get-schedule-period';
export * from './create-organization';
export * from './list-all-organizations';
export * from './set-office-only';
