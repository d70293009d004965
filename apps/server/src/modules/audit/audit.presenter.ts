import type { AuditAction, AuditEvent } from '@accueil/domain';
import type { auditEvents } from '../../db/schema/audit';

/** An `audit_events` row as the API presents it (the organisation and `prevHash` stay inside). */
export function presentAuditEvent(row: typeof auditEvents.$inferSelect): AuditEvent {
  return {
    id: row.id,
    seq: row.seq,
    action: row.action as AuditAction,
    actor: { id: row.actorUserId, name: row.actorName },
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    details: row.details,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    hash: row.hash,
  };
}
