import type { DomainEvent } from '@accueil/domain';
import { defineSubscriber } from '../../events/event-subscriber';
import { replyAutomatically } from './reply-automatically';

/**
 * On `call.missed`: sends the missed-call automatic reply if one is due (`replyAutomatically`:
 * once per contact per period, never two within 15 minutes). Idempotent through that claim: a
 * redelivered event finds the period's reply claimed and sends nothing (`limited`).
 */
export const replyToMissedCallSubscriber = defineSubscriber({
  name: 'automations.missed-call-reply',
  events: ['call.missed'],
  handle: async (deps, event: DomainEvent<'call.missed'>) => {
    const { outcome } = await replyAutomatically(deps, {
      organizationId: event.organizationId,
      conversationId: event.payload.conversationId,
      event: 'missed-call',
    });
    deps.log.info({ callId: event.payload.callId, outcome }, 'missed-call reply');
  },
});
