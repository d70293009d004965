import type { Call } from '@accueil/domain';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { callRecordings, calls, queueCalls } from '../../db/schema/calls';
import { presentCall, type CallRecordingRow, type CallRow } from './calls.presenter';

/**
 * Call rows → API `Call`s (same order), with their queue rows and voicemails read in two
 * batched look-ups (none when there is no row).
 */
export async function presentCallRows(db: DbOrTx, rows: readonly CallRow[]): Promise<Call[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const queue = new Map(
    (await db.select().from(queueCalls).where(inArray(queueCalls.callId, ids))).map((q) => [q.callId, q]),
  );
  const recordings = await db
    .select()
    .from(callRecordings)
    .where(and(inArray(callRecordings.callId, ids), eq(callRecordings.kind, 'voicemail')))
    .orderBy(asc(callRecordings.createdAt));
  const voicemails = new Map<string, CallRecordingRow>(recordings.map((r) => [r.callId, r]));
  return rows.map((r) => presentCall(r, queue.get(r.id) ?? null, voicemails.get(r.id) ?? null));
}

/** The one call row matching `where` (which must carry the tenant scope, or a named system access), or null. */
export async function loadCallRow(db: DbOrTx, where: SQL): Promise<CallRow | null> {
  const [row] = await db.select().from(calls).where(where).limit(1);
  return row ?? null;
}

/** The one call matching `where` (which must carry the tenant scope), presented, or null. */
export async function loadCallView(db: DbOrTx, where: SQL): Promise<Call | null> {
  const [row] = await db.select().from(calls).where(where).limit(1);
  return row ? ((await presentCallRows(db, [row]))[0] ?? null) : null;
}
