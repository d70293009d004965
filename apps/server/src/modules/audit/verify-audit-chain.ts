import type { AuditVerification } from '@accueil/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { auditEvents } from '../../db/schema/audit';
import type { RequestContext } from '../../http/request-context';
import { auditHash, GENESIS_HASH } from './audit-hash';
import { authorizeAuditRead } from './audit.policy';

/** Rows read per batch while walking a chain. */
const BATCH = 1000;

/**
 * Walks organisation `organizationId`'s audit chain from its first event, in `seq` order, and
 * reports the first event that does not hold: `sequence-gap` (its `seq` is not the previous
 * one's + 1, or the first is not 1: an event was removed), `link-broken` (its `prev_hash` is
 * not the previous event's `hash`: an event before it was replaced), `content-changed` (its
 * hash recomputed from its columns differs: the row was edited). Removing the newest events
 * leaves a shorter chain that still holds; the count of events checked shows it.
 */
export async function walkAuditChain(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  now = new Date(),
): Promise<AuditVerification> {
  let previous = { seq: 0, hash: GENESIS_HASH };
  let checked = 0;
  const verifiedAt = now.toISOString();
  for (;;) {
    const rows = await deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, organizationId), gt(auditEvents.seq, previous.seq)))
      .orderBy(asc(auditEvents.seq))
      .limit(BATCH);
    for (const row of rows) {
      const reason =
        row.seq !== previous.seq + 1
          ? 'sequence-gap'
          : row.prevHash !== previous.hash
            ? 'link-broken'
            : auditHash(row.prevHash, row) !== row.hash
              ? 'content-changed'
              : null;
      if (reason)
        return {
          status: 'tampered',
          checked,
          verifiedAt,
          firstTampered: { seq: row.seq, id: row.id, reason },
        };
      checked += 1;
      previous = { seq: row.seq, hash: row.hash };
    }
    if (rows.length < BATCH) return { status: 'intact', checked, verifiedAt };
  }
}

/**
 * GET /api/audit-events/verification: `walkAuditChain` over the caller's organisation.
 * @throws AppError 'forbidden' for a role other than an administrator's.
 */
export function verifyAuditChain(deps: Pick<AppDeps, 'db'>, ctx: RequestContext): Promise<AuditVerification> {
  authorizeAuditRead(ctx);
  return walkAuditChain(deps, ctx.organizationId);
}
