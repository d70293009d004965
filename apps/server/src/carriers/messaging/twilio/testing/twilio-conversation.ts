import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messages } from '../../../../db/schema/messages';
import { buildInbox } from '../../../../test/conversation-factories';
import { buildContact } from '../../../../test/factories';
import type { TestApp } from '../../../../test/test-app';
import type { startTwilioApiStandIn } from './twilio-api-stand-in';

type TwilioApiStandIn = Awaited<ReturnType<typeof startTwilioApiStandIn>>;

/**
 * A new inbox (organisation, team, signed-in user) with a conversation with a new contact,
 * opened through the API of `t` (a Twilio-backed test app, `useTwilioTestApp`). `send(body, key?,
 * headers?)` posts a text to it (with an `Idempotency-Key` when given); `atPhone()` counts the
 * texts the Twilio stand-in `api` received for the contact's phone (each one handed to the phone
 * network); `stored()` reads the conversation's messages.
 */
export async function twilioConversation(t: TestApp, api: () => TwilioApiStandIn) {
  const inbox = await buildInbox();
  const contact = await buildContact({ organizationId: inbox.org.id });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: inbox.headers,
    payload: { to: contact.phone },
  });
  expect(created.statusCode).toBe(201);
  const conversationId = created.json<{ id: string }>().id;
  const send = (body: string, key?: string, headers = inbox.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { body },
    });
  const atPhone = () => api().requests.filter((r) => r.form.get('To') === contact.phone).length;
  const stored = () => t.deps.db.select().from(messages).where(eq(messages.conversationId, conversationId));
  return { ...inbox, contact, conversationId, send, atPhone, stored };
}
