import { MESSAGING_SEND_TIMEOUT_MS } from '@accueil/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { messages } from '../../db/schema/messages';
import { CarrierError } from '../../carriers/messaging/messaging-carrier';
import { carrierMediaUrls } from '../attachments/index';
import type { MessageRow } from './messages.presenter';

/**
 * What became of a carrier call. `unknown`: the call failed temporarily (5xx, network) or
 * timed out, so the text may have left; the status callback will tell.
 */
export type CarrierOutcome = {
  carrierMessageId: string | null;
  status: 'sent' | 'delivered' | 'failed' | 'unknown';
  errorCode: string | null;
};

function outcomeOfError(deps: AppDeps, message: MessageRow, err: unknown): CarrierOutcome {
  if (err instanceof CarrierError) {
    // Only a refusal (permanent, auth, rate-limited) proves the text did not leave.
    const status = err.kind === 'temporary' ? 'unknown' : 'failed';
    deps.log.warn(
      { kind: err.kind, carrierCode: err.carrierCode, messageId: message.id, status },
      'text not accepted by the carrier',
    );
    return { carrierMessageId: null, status, errorCode: err.carrierCode ?? err.kind };
  }
  deps.log.error({ err, messageId: message.id }, 'messaging carrier threw; fate of the text unknown');
  return { carrierMessageId: null, status: 'unknown', errorCode: 'internal' };
}

/**
 * Hands one stored outbound text to the carrier, once (never retried here: a retry after a
 * lost answer could send the text twice). The carrier gets our message id with the text
 * (Twilio puts it in the signed status callback URL) so a report can find the message even when
 * the answer is lost, and signed URLs of its attachments (`carrierMediaUrls`). Past `MESSAGING_SEND_TIMEOUT_MS` it answers `unknown` and `onLateAnswer` gets the
 * carrier's answer if it still comes.
 */
export async function callCarrier(
  deps: AppDeps,
  message: MessageRow,
  onLateAnswer: (late: CarrierOutcome) => void,
): Promise<CarrierOutcome> {
  const media = await carrierMediaUrls(deps, message.organizationId, message.media);
  const sending: Promise<CarrierOutcome> = deps.messaging
    .send({
      from: message.from,
      to: message.to,
      body: message.body,
      messageId: message.id,
      ...(media.length > 0 ? { media } : {}),
    })
    .then(
      (sent) => ({
        carrierMessageId: sent.carrierMessageId,
        status: sent.status,
        errorCode: sent.errorCode ?? null,
      }),
      (err: unknown) => outcomeOfError(deps, message, err),
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), MESSAGING_SEND_TIMEOUT_MS);
  });
  const first = await Promise.race([sending, timedOut]);
  clearTimeout(timer);
  if (first) return first;
  deps.log.warn(
    { messageId: message.id, timeoutMs: MESSAGING_SEND_TIMEOUT_MS },
    'messaging carrier did not answer in time; fate of the text unknown',
  );
  void sending.then((late) => {
    if (late.status !== 'unknown') onLateAnswer(late);
  });
  return { carrierMessageId: null, status: 'unknown', errorCode: null };
}

/**
 * Takes the carrier calls of stored outbound texts (ids), just before they are made: one
 * statement clears `carrier_call_pending` of those still pending and answers the ids it cleared.
 * Only the process that takes a text calls the carrier for it, so a text stored and then replayed
 * (its process died while it waited for its number's slot; a client's retry with the same key) is
 * handed over once: by whichever takes it first. A database error is logged and every id is
 * answered taken: the text then goes, as before this claim existed, rather than stay `sending`.
 * In the caller's tenant scope.
 */
export async function takeCarrierCalls(deps: AppDeps, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  try {
    const taken = await deps.db
      .update(messages)
      .set({ carrierCallPending: false })
      .where(and(inArray(messages.id, [...ids]), eq(messages.carrierCallPending, true)))
      .returning({ id: messages.id });
    return new Set(taken.map((t) => t.id));
  } catch (err) {
    deps.log.error({ err, messages: ids.length }, 'could not take the carrier calls; sending anyway');
    return new Set(ids);
  }
}
