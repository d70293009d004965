import {
  auditEventPageSchema,
  auditVerificationSchema,
  listAuditEventsQuerySchema,
} from '../contracts/audit';
import { endpoint } from './endpoint';

const tags = ['audit'] as const;

/**
 * The organisation's audit log, for administrators only (other roles: 403 `forbidden`). Every
 * answer is the caller's organisation's: another organisation's events never appear.
 */
export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit-events',
    tags,
    summary: 'One page of the audit log, newest first, filtered',
    query: listAuditEventsQuerySchema,
    responses: { 200: auditEventPageSchema },
  }),
  verify: endpoint({
    method: 'GET',
    path: '/api/audit-events/verification',
    tags,
    summary: "Walks the organisation's hash chain and reports the first tampered event",
    responses: { 200: auditVerificationSchema },
  }),
};
