import type { AuditAction } from '@accueil/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';
import { currentRequestSource, type RequestSource } from '../../http/request-source';
import { userDisplayName } from '../users/index';
import { auditHash, GENESIS_HASH } from './audit-hash';

/** Advisory lock class of the audit chains (the second key is the organisation's hash). */
const AUDIT_CHAIN_LOCK = 727_002;

/**
 * One event to record.
 * - `actor`: who acted (their name is looked up when not given), or null when nobody could be
 *   identified (a sign-in with an unknown username has no organisation and is not recorded).
 * - `target`: what the action was on (`{ type: 'conversation', id }`), if anything.
 * - `details`: plain JSON values about it (never a password or a token).
 * - `source`: where from; by default the running request's address and user agent.
 * - `now`: when; by default the current time (stored to the millisecond).
 * - `eventId`: the domain event it records, when written by the audit subscriber: one entry per
 *   event at most.
 */
export type AuditEventInput = {
  organizationId: string;
  actor: { userId: string; name?: string | null } | null;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  details?: Record<string, unknown>;
  source?: RequestSource;
  now?: Date;
  eventId?: string;
};

/**
 * Appends an event to its organisation's audit chain, inside `tx`: the transaction of the
 * action it records, so both are committed or neither is. Takes the organisation's chain lock
 * (`pg_advisory_xact_lock`, held until `tx` ends), reads the last event's `seq` and `hash`, and
 * inserts the next one linked to it: two transactions recording at once for one organisation
 * queue on the lock instead of forking the chain. Returns the stored event's id, `seq` and `hash`;
 * for an `eventId` already recorded (a redelivered domain event), the existing entry's, and
 * nothing is written (the unique `event_id` refuses a second entry even without the check).
 */
export async function recordAuditEvent(
  tx: Tx,
  event: AuditEventInput,
): Promise<{ id: string; seq: number; hash: string }> {
  const { organizationId } = event;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}, hashtext(${organizationId}))`);
  if (event.eventId) {
    const recorded = await entryOfEvent(tx, event.eventId);
    if (recorded) return recorded;
  }
  const [last] = await tx
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, organizationId))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  const source = event.source ?? currentRequestSource();
  const actorName = event.actor
    ? (event.actor.name ?? (await userDisplayName(tx, event.actor.userId)))
    : null;
  const content = {
    organizationId,
    seq: (last?.seq ?? 0) + 1,
    actorUserId: event.actor?.userId ?? null,
    actorName,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    details: JSON.parse(JSON.stringify(event.details ?? {})) as Record<string, unknown>,
    ip: source.ip,
    userAgent: source.userAgent,
    createdAt: new Date((event.now ?? new Date()).getTime()),
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  const hash = auditHash(prevHash, content);
  const [row] = await tx
    .insert(auditEvents)
    .values({ ...content, prevHash, hash, eventId: event.eventId ?? null })
    .onConflictDoNothing({ target: auditEvents.eventId })
    .returning({ id: auditEvents.id });
  return row ? { id: row.id, seq: content.seq, hash } : (await entryOfEvent(tx, event.eventId!))!;
}

/** The audit entry written for domain event `eventId`, if any. */
async function entryOfEvent(
  tx: Tx,
  eventId: string,
): Promise<{ id: string; seq: number; hash: string } | null> {
  const [row] = await tx
    .select({ id: auditEvents.id, seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.eventId, eventId))
    .limit(1);
  return row ?? null;
}
