import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import type { CarrierStatusUpdate } from '../../carriers/messaging/messaging-carrier';
import { messages } from '../../db/schema/messages';
import { getConversationTeamIds } from '../conversations/index';
import { applyCarrierStatus } from './apply-carrier-status';
import { announceMessageUpdated } from './message-events';
import { presentMessage, type MessageRow } from './messages.presenter';
import { carrierStatusFields } from './write-carrier-status';

/**
 * Many delivery reports of one carrier at once (a carrier that reports in batches: the sandbox),
 * under `applyCarrierStatus`'s rules for each — never backwards, an unknown carrier id ignored,
 * `message:updated` announced for each message changed — in one transaction of four statements
 * instead of one transaction per report: the messages found by the carrier's ids and locked (id
 * order), the changes written in one statement, their teams read in one. Reports of one message
 * are applied in their order. A report not found by its carrier id that names our message id (a
 * send whose answer was lost) goes through `applyCarrierStatus` after, which looks it up by that.
 */
export async function applyCarrierStatuses(
  deps: HostDeps,
  updates: readonly CarrierStatusUpdate[],
): Promise<void> {
  if (updates.length === 0) return;
  const carrier = updates[0]!.carrier;
  const mixed = updates.filter((u) => u.carrier !== carrier);
  const own = updates.filter((u) => u.carrier === carrier);
  const notFound: CarrierStatusUpdate[] = [];
  const changed = await deps.db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.carrier, carrier),
          inArray(messages.carrierMessageId, [...new Set(own.map((u) => u.carrierMessageId))]),
        ),
      )
      .orderBy(asc(messages.id))
      .for('update');
    const byCarrierId = new Map(found.map((m) => [m.carrierMessageId!, m]));
    const written = new Map<string, MessageRow>();
    const updatedAt = new Date();
    for (const update of own) {
      const current = byCarrierId.get(update.carrierMessageId);
      if (!current) {
        if (update.messageId) notFound.push(update);
        continue;
      }
      const fields = carrierStatusFields(current, update, 'status-report');
      if (!fields) continue;
      const row = { ...current, ...fields, version: current.version + 1, updatedAt };
      byCarrierId.set(update.carrierMessageId, row);
      written.set(row.id, row);
    }
    if (written.size === 0) return [];
    const input = JSON.stringify(
      [...written.values()].map((r) => ({
        id: r.id,
        s: r.status,
        c: r.carrierMessageId,
        e: r.errorCode,
        v: r.version,
      })),
    );
    await tx.execute(sql`UPDATE messages SET status = v.s, carrier_message_id = v.c, error_code = v.e, version = v.v, updated_at = ${updatedAt.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${input}::jsonb) AS v(id uuid, s text, c text, e text, v int) WHERE messages.id = v.id`);
    const teams = await getConversationTeamIds(
      tx,
      [...written.values()].map((r) => r.conversationId),
    );
    return [...written.values()].flatMap((row) => {
      const teamId = teams.get(row.conversationId);
      return teamId ? [{ row, teamId }] : [];
    });
  });
  for (const { row, teamId } of changed) announceMessageUpdated(deps, teamId, presentMessage(row));
  for (const update of [...notFound, ...mixed]) await applyCarrierStatus(deps, update);
}
