import { z } from 'zod';

/**
 * What the audit log records (docs/behaviour/security.md, "Audit log"), one code per kind of
 * event. Closed: a new kind is added here (and its label in the web's `audit` locale files).
 */
export const AUDIT_ACTIONS = [
  'sign-in.succeeded',
  'sign-in.failed',
  'sign-in.throttled',
  'sign-in.blocked',
  'passkey.added',
  'passkey.removed',
  'machine.allowed',
  'machine.revoked',
  'session.signed-out-everywhere',
  'user.role-changed',
  'user.teams-changed',
  'user.disabled',
  'user.enabled',
  'session.forced-disconnect',
  'impersonation.started',
  'impersonation.stopped',
  'organization.settings-changed',
  'team.schedule-changed',
  'contacts.bulk-read',
  'contacts.exported',
  'conversation.deleted',
  'conversation.restored',
  'conversation.purged',
  'invitation-code.created',
  'invitation-code.revoked',
  'organization.onboarded',
  'automatic-reply.changed',
  'phone-settings.changed',
  'service-status.changed',
  'operations.synchronized',
  'statistics-recipients.changed',
  'secure-file.sent',
  'secure-file.downloaded',
  'secure-file.locked',
  'secure-file.received',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** Audit log rows per page: default and largest. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

/**
 * One audit event as the API presents it: who (`actor`: the user and their name at the time, or
 * null for an attempt nobody could be identified in, such as a failed sign-in), what (`action`,
 * `target`, `details`), when (`createdAt`), from where (`ip`, `userAgent`). `seq` numbers the
 * organisation's events from 1; `hash` is the row's link in the organisation's chain.
 */
export const auditEventSchema = z.object({
  id: z.uuid(),
  seq: z.number().int().min(1),
  action: auditActionSchema,
  actor: z.object({ id: z.uuid().nullable(), name: z.string().nullable() }),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
