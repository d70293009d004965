import { AppError } from '@accueil/domain';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import type { RequestContext } from '../../http/request-context';
import { getConversationTeamId } from '../conversations/index';
import { sendMessage } from '../messages/index';
import { getOrganizationSettings } from '../organizations/index';
import { callbackText } from './queue-texts';

/** The nil uuid: the automaton is no user (its messages have no `authorUserId`). */
const AUTOMATON_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The text of a callback request (`requestCallback`): "we received your callback request" in
 * the organisation's language with its name, sent in the call's conversation from the team's
 * number through the send path of automatic texts (signed `automatic`), in the organisation's
 * scope, off the call's path. The call is in the payload for the logs. A refused send (the
 * number cannot be texted, the carrier refuses) is logged and not tried again.
 * Output: `{ outcome }` (`sent`, `none` when the conversation or organisation is gone, `failed`).
 */
export const callbackTextJob = defineJob({
  name: 'callback-text',
  payload: z.object({ organizationId: z.uuid(), conversationId: z.uuid(), callId: z.uuid() }).strict(),
  scope: 'payload',
  timing: { pollingIntervalSeconds: 0.5, batchSize: 20, concurrency: 2, heartbeatSeconds: 30 },
  handler: async (deps, payload) => {
    const [settings, teamId] = await Promise.all([
      getOrganizationSettings(deps, payload.organizationId),
      getConversationTeamId(deps.db, payload.conversationId),
    ]);
    if (!settings || !teamId) return { outcome: 'none' };
    const ctx: RequestContext = {
      organizationId: payload.organizationId,
      userId: AUTOMATON_USER_ID,
      sessionId: 'callback-text',
      role: 'admin',
      teamId,
    };
    try {
      const { message } = await sendMessage(deps, ctx, {
        conversationId: payload.conversationId,
        body: callbackText(settings.locale, settings.name),
        automatic: true,
      });
      return { outcome: message.status === 'failed' ? 'failed' : 'sent' };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ err, callId: payload.callId }, 'callback text not sent');
      return { outcome: 'failed' };
    }
  },
});
