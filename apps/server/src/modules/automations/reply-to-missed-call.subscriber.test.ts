import { defaultSchedule, type Message, type MessagePage } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { domainEvents, eventDeliveries } from '../../db/schema/domain-events';
import { withOrganization } from '../../db/tenant-scope';
import { deliverEvent } from '../../events/deliver-event';
import { recordEvent } from '../../events/record-event';
import { buildConversation } from '../../test/conversation-factories';
import { buildAdmin, buildContact, buildOrganization, buildTeam } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { replyToMissedCallSubscriber } from './reply-to-missed-call.subscriber';

const t = useTestApp();

it('a call.missed delivered again (its process died after the reply, before its delivery row) sends no second reply', async () => {
  // Every day closed: the missed-call reply is due whenever the test runs.
  const org = await buildOrganization({
    schedule: { ...defaultSchedule(), week: defaultSchedule().week.map((d) => ({ ...d, enabled: false })) },
  });
  const team = await buildTeam({ organizationId: org.id });
  const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
  const contact = await buildContact({ organizationId: org.id, phone: '+15145550177', firstName: 'Léa' });
  const conv = await buildConversation({
    organizationId: org.id,
    teamId: team.id,
    address: '+15145550177',
    contactId: contact.id,
  });
  const headers = await signedInAs(admin);
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/automatic-replies',
    headers,
    payload: { teamId: null, kind: 'missed-call', enabled: true, body: 'Rappel bientôt, {{first_name}}.' },
  });
  expect(set.statusCode).toBe(200);
  const recorded = await t.deps.db.transaction((tx) =>
    recordEvent(tx, {
      name: 'call.missed',
      organizationId: org.id,
      actorUserId: null,
      payload: { callId: '33333333-3333-4333-8333-333333333333', conversationId: conv.id },
    }),
  );
  const deliver = () =>
    withOrganization(org.id, () => deliverEvent(t.deps, [replyToMissedCallSubscriber], recorded.id));
  const automatic = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}/messages`, headers }))
      .json<MessagePage>()
      .items.filter((m: Message) => m.automatic)
      .map((m) => m.body);

  expect(await deliver()).toEqual({ delivered: 1, skipped: 0, failed: 0 });
  expect(await automatic()).toEqual(['Rappel bientôt, Léa.']);
  // As if the process had died between the reply and its delivery row.
  await t.deps.db.delete(eventDeliveries).where(eq(eventDeliveries.eventId, recorded.id));
  await t.deps.db.update(domainEvents).set({ deliveredAt: null }).where(eq(domainEvents.id, recorded.id));
  expect(await deliver()).toEqual({ delivered: 1, skipped: 0, failed: 0 });
  expect(await automatic()).toEqual(['Rappel bientôt, Léa.']);
});
