import type { Message } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { messages } from '../../db/schema/messages';
import { callCarrier, takeCarrierCalls, type CarrierOutcome } from './call-carrier';
import { announceMessageUpdated } from './message-events';
import { presentMessage, type MessageRow } from './messages.presenter';
import { markSent, waitForSendSlot } from './send-slots';
import { writeCarrierStatus } from './write-carrier-status';

/** Stores the carrier's answer (see `writeCarrierStatus`, source `answer`); null when the message is gone. */
export async function storeAnswer(
  deps: AppDeps,
  messageId: string,
  outcome: CarrierOutcome,
): Promise<MessageRow | null> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update');
    return current ? writeCarrierStatus(tx, current, outcome, 'answer') : null;
  });
}

/**
 * After the message is committed: waits for its sender number's slot when the carrier sets a
 * per-number rate (`waitForSendSlot`), takes its carrier call (`takeCarrierCalls`: another
 * process that took it first sends it, and the message is answered as stored), hands it to the
 * carrier once and stores the carrier's id
 * and status without moving backwards (a status callback may already have said `delivered`):
 * `sent`; `failed` with the carrier's code when it refused the text (e.g. '30006' landline);
 * `unknown` when the call failed temporarily or timed out (`MESSAGING_SEND_TIMEOUT_MS`): not
 * resent, the status callback (or the carrier's late answer) reconciles it. Announces
 * `message:updated` to `teamId` and returns the message as it stands.
 */
export async function deliverOutboundMessage(
  deps: AppDeps,
  message: MessageRow,
  teamId: string,
): Promise<Message> {
  const store = async (outcome: CarrierOutcome) => {
    const row = await storeAnswer(deps, message.id, outcome);
    if (row) announceMessageUpdated(deps, teamId, presentMessage(row));
    return row;
  };
  await waitForSendSlot(deps, message.organizationId, message.from);
  if (!(await takeCarrierCalls(deps, [message.id])).has(message.id)) return presentMessage(message);
  const outcome = await callCarrier(deps, message, (late) => {
    store(late).catch((err: unknown) =>
      deps.log.error({ err, messageId: message.id }, "could not store the carrier's late answer"),
    );
  });
  await markSent(deps, message.organizationId, [message.from]);
  const updated = await store(outcome);
  return presentMessage(updated ?? message);
}
