import type { Conversation } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { eq } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';
import { buildContact, databaseOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function setup() {
  const inbox = await buildInbox();
  const contact = await buildContact({
    organizationId: inbox.org.id,
    phone: '+15145550177',
    firstName: 'Léa',
    lastName: 'Roy',
  });
  const conv = await buildConversation({
    organizationId: inbox.org.id,
    teamId: inbox.team.id,
    address: '+15145550177',
    contactId: contact.id,
  });
  const call = (method: 'POST' | 'DELETE' | 'PUT' | 'GET', path = '/follow-up', payload?: object) =>
    t.app.inject({
      method,
      url: `/api/conversations/${conv.id}${path}`,
      headers: inbox.headers,
      ...(payload ? { payload } : {}),
    });
  return { ...inbox, conv, call };
}

describe('follow-ups and the flow lock', () => {
  it('blocks sending to the contact while a follow-up runs, for at most an hour, then opens again when it ends', async () => {
    const { call } = await setup();
    const started = await call('POST');
    expect(started.statusCode).toBe(200);
    const view = started.json<Conversation>();
    expect(view.attributes.hasIncompleteFollowup).toBe(true);
    const until = Date.parse(view.flowLockedUntil!);
    expect(until - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const refused = await call('POST', '/messages', { body: 'Bonjour' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'contact-in-flow',
      details: { until: view.flowLockedUntil },
    });

    const ended = await call('DELETE');
    expect(ended.json<Conversation>().flowLockedUntil).toBeNull();
    expect((await call('POST', '/messages', { body: 'Bonjour' })).statusCode).toBe(201);
  });

  it('stops blocking once its hour is over, and a new follow-up may start', async () => {
    const { call, conv } = await setup();
    await call('POST');
    await databaseOf({})
      .update(conversations)
      .set({ flowLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(conversations.id, conv.id));
    expect((await call('POST', '/messages', { body: 'Bonjour' })).statusCode).toBe(201);
    expect((await call('POST')).statusCode).toBe(200);
  });

  it('refuses a follow-up while one is in progress, even two started at once', async () => {
    const { call } = await setup();
    const answers = await Promise.all([call('POST'), call('POST')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      code: 'follow-up-in-progress',
    });
  });

  it('opening the conversation clears its incomplete-follow-up flag, the lock stays', async () => {
    const { call } = await setup();
    await call('POST');
    const opened = await call('PUT', '', { attributes: { hasIncompleteFollowup: false } });
    expect(opened.json<Conversation>().attributes.hasIncompleteFollowup).toBe(false);
    expect(opened.json<Conversation>().flowLockedUntil).not.toBeNull();
  });

  it("answers 404 for another organisation's conversation", async () => {
    const { conv } = await setup();
    const stranger = await buildInbox();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/follow-up`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
