import { z } from 'zod';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_PAGE_SIZE_MAX,
  auditActionSchema,
  auditEventSchema,
} from '../entities/audit-event';

/**
 * GET /api/audit-events?action=&actorId=&from=&to=&cursor=&limit= — the organisation's audit
 * log, newest first. `from` (inclusive) and `to` (exclusive) are instants (ISO 8601 with offset).
 * Keyset pagination: pass `nextCursor` back as `cursor` with the same filters.
 */
export const listAuditEventsQuerySchema = z
  .object({
    action: auditActionSchema.optional(),
    actorId: z.uuid().optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE),
  })
  .strict();
export type ListAuditEventsQuery = z.infer<typeof listAuditEventsQuerySchema>;

/** One page of the audit log; `nextCursor` null on the last page. */
export const auditEventPageSchema = z.object({
  items: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

/**
 * GET /api/audit-events/verification — the organisation's hash chain walked from its first
 * event: `intact` with the number of events checked, or `tampered` with the first event whose
 * content, link or number does not match (`firstTampered`: its `seq` and id, `reason`).
 */
export const auditVerificationSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('intact'), checked: z.number().int().min(0), verifiedAt: z.iso.datetime() }),
  z.object({
    status: z.literal('tampered'),
    checked: z.number().int().min(0),
    verifiedAt: z.iso.datetime(),
    firstTampered: z.object({
      seq: z.number().int(),
      id: z.uuid(),
      reason: z.enum(['content-changed', 'link-broken', 'sequence-gap']),
    }),
  }),
]);
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
