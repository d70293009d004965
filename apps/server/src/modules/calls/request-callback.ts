import { normalizeOutboundPhone, type Call } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import { getOrganizationSettings } from '../organizations/index';
import { callbackTextJob } from './callback-text.job';
import { changeCall } from './change-call';
import { endingOf } from './end-call';
import { callbackSpeech, type QueueSpeech } from './queue-texts';

/** A key 1 pressed by a caller waiting in the queue, as the carrier reported it. */
export type CallbackRequestInput = { carrier: string; callSid: string; at?: Date };

/**
 * What became of a callback request, with what the carrier says to the caller:
 * - `requested`: the call left the queue and ended (`callback-request`), the text is on its way:
 *   say `speech` (the confirmation), then hang up;
 * - `no-number`: the caller's number cannot be texted (hidden, unknown): say `speech`, and the
 *   call goes on waiting;
 * - `refused`: no such call, or it is not waiting in the queue any more (picked, ended, a
 *   callback already asked): nothing to say, nothing changes.
 */
export type CallbackOutcome =
  | { outcome: 'requested'; call: Call; speech: QueueSpeech }
  | { outcome: 'no-number'; speech: QueueSpeech }
  | { outcome: 'refused' };

/**
 * The caller of an inbound call waiting in its team's queue pressed 1 (docs/behaviour/calls.md,
 * "The queue on the phone"): under a lock on the call, once per call, the call leaves the
 * queue and ends with the voice status `callback-request` (unanswered, so missed, but its
 * missed-call automatic reply is not sent: the callback text replaces it); then the
 * `callback-text` job texts the caller from the team's number, in the organisation's language,
 * in the call's conversation. A caller whose number cannot be texted (anonymous, unknown) stays
 * in the queue. Runs under the carrier's system access (the call is found by the carrier's id).
 */
export async function requestCallback(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log' | 'jobs'>,
  input: CallbackRequestInput,
): Promise<CallbackOutcome> {
  const at = input.at ?? new Date();
  let noNumber = false;
  const result = await changeCall(
    deps,
    and(eq(calls.carrier, input.carrier), eq(calls.callSid, input.callSid))!,
    (row, queue) => {
      if (row.direction !== 'inbound' || row.endedAt || queue?.status !== 'queued') return null;
      if (!normalizeOutboundPhone(row.from)) {
        noNumber = true;
        return null;
      }
      return endingOf(row, 'canceled', at, { status: 'callback-request' });
    },
  );
  if (!result || (!result.changed && !noNumber)) return { outcome: 'refused' };
  const { call } = result;
  const locale = (await getOrganizationSettings(deps, call.organizationId))?.locale ?? 'fr-CA';
  if (!result.changed) return { outcome: 'no-number', speech: callbackSpeech(locale, 'no-number') };
  if (call.conversationId)
    await deps.jobs.send(callbackTextJob, {
      organizationId: call.organizationId,
      conversationId: call.conversationId,
      callId: call.id,
    });
  return { outcome: 'requested', call, speech: callbackSpeech(locale, 'requested') };
}
