// The audit module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { recordAuditEvent, type AuditEventInput } from './record-audit-event';
export { walkAuditChain } from './verify-audit-chain';
