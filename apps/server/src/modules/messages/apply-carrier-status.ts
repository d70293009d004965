import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import type { CarrierStatusUpdate } from '../../carriers/messaging/messaging-carrier';
import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import { getConversationTeamId } from '../conversations/index';
import { announceMessageUpdated } from './message-events';
import { presentMessage } from './messages.presenter';
import { writeCarrierStatus } from './write-carrier-status';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message a report is about, row-locked: by the carrier's id, else by our own id. */
async function findReported(tx: Tx, update: CarrierStatusUpdate) {
  const byCarrierId = and(
    eq(messages.carrier, update.carrier),
    eq(messages.carrierMessageId, update.carrierMessageId),
  );
  const conditions: SQL[] = [byCarrierId!];
  // A send whose answer never came (timeout, 5xx: status `unknown`) has no carrier id yet: the
  // carrier reports it with our id, which it got with the text (Twilio: in the signed callback URL).
  if (update.messageId && UUID.test(update.messageId)) {
    conditions.push(
      and(
        eq(messages.id, update.messageId),
        eq(messages.carrier, update.carrier),
        eq(messages.direction, 'outbound'),
        isNull(messages.carrierMessageId),
      )!,
    );
  }
  for (const where of conditions) {
    const [found] = await tx.select().from(messages).where(where).for('update');
    if (found) return found;
  }
  return null;
}

/**
 * A carrier's delivery report (status callback). Never moves a status backwards
 * (`MESSAGE_STATUS_RANK`: a late `sent` after `delivered` changes nothing; any report replaces
 * `unknown`); otherwise stores the status and error code, bumps the message's `version` and
 * announces `message:updated` (see `writeCarrierStatus`, source `status-report`). A message
 * found by `update.messageId` (its send timed out) learns its carrier id. An unknown carrier
 * id is ignored (logged): the carrier may report texts we did not keep.
 */
export async function applyCarrierStatus(deps: HostDeps, update: CarrierStatusUpdate): Promise<void> {
  const changed = await deps.db.transaction(async (tx) => {
    const found = await findReported(tx, update);
    if (!found) return null;
    const row = await writeCarrierStatus(tx, found, update, 'status-report');
    const teamId = row && (await getConversationTeamId(tx, row.conversationId));
    // Stryker disable next-line LogicalOperator: teamId is null only when row is (a written message's conversation exists, FK, and has a team, NOT NULL)
    return row && teamId ? { row, teamId } : null;
  });
  if (!changed) {
    deps.log.debug(
      { carrierMessageId: update.carrierMessageId, status: update.status },
      'carrier status ignored (unknown or not newer)',
    );
    return;
  }
  announceMessageUpdated(deps, changed.teamId, presentMessage(changed.row));
}
