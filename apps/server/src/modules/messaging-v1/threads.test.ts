import type { Conversation, ConversationPage } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildConversation } from '../../test/conversation-factories';
import { franceTestHelpers } from '../../test/france-helpers';
import { useTestApp } from '../../test/test-app';

/*
 * France's threads (docs/behaviour/france.md): the conversations under messaging/v1/threads, same
 * shapes and rules, for organisations in France only.
 */
const t = useTestApp();
const { buildFrenchInbox } = franceTestHelpers(t);
const threads = '/api/messaging/v1/threads';

describe('messaging/v1/threads for an organisation in France', () => {
  it('lists, reads, archives (status, never state), starts and deletes threads of the current team', async () => {
    const { conversation, headers, adminHeaders } = await buildFrenchInbox();
    const list = await t.app.inject({ method: 'GET', url: threads, headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<ConversationPage>().items.map((c) => [c.id, c.status])).toEqual([
      [conversation.id, 'active'],
    ]);

    const archived = await t.app.inject({
      method: 'PUT',
      url: `${threads}/${conversation.id}`,
      headers,
      payload: { status: 'inactive' },
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<Conversation>().status).toBe('inactive');
    const inactive = await t.app.inject({ method: 'GET', url: `${threads}?status=inactive`, headers });
    expect(inactive.json<ConversationPage>().items.map((c) => c.id)).toEqual([conversation.id]);
    const state = await t.app.inject({
      method: 'PUT',
      url: `${threads}/${conversation.id}`,
      headers,
      payload: { state: 'active' },
    });
    expect(state.statusCode).toBe(400);
    expect(state.json<{ code: string }>().code).toBe('validation-failed');

    const read = await t.app.inject({ method: 'GET', url: `${threads}/${conversation.id}`, headers });
    expect(read.json<Conversation>()).toMatchObject({ id: conversation.id, status: 'inactive' });

    const started = await t.app.inject({
      method: 'POST',
      url: threads,
      headers,
      payload: { to: '+33612345678' },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json<Conversation>().id;
    expect((await t.app.inject({ method: 'DELETE', url: `${threads}/${id}`, headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${threads}/${id}`, headers: adminHeaders })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `${threads}/${id}`, headers })).statusCode).toBe(404);
  });

  it("answers 404 for another French organisation's thread, and for another team's", async () => {
    const mine = await buildFrenchInbox();
    const theirs = await buildFrenchInbox();
    const sibling = await buildConversation({ organizationId: mine.org.id });
    for (const id of [theirs.conversation.id, sibling.id]) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { status: 'inactive' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: `${threads}/${id}`,
          headers: mine.adminHeaders,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
      }
    }
    const list = await t.app.inject({ method: 'GET', url: threads, headers: mine.headers });
    expect(list.json<ConversationPage>().items.map((c) => c.id)).toEqual([mine.conversation.id]);
  });
});

it('answers 404 not-found on every messaging/v1 path for an organisation outside France', async () => {
  const { conversation, headers, adminHeaders } = await buildFrenchInbox('CA');
  const calls = [
    { method: 'GET', url: threads },
    { method: 'POST', url: threads, payload: { to: '+15145550123' } },
    { method: 'GET', url: `${threads}/${conversation.id}` },
    { method: 'PUT', url: `${threads}/${conversation.id}`, payload: { status: 'inactive' } },
    { method: 'DELETE', url: `${threads}/${conversation.id}` },
    { method: 'GET', url: '/api/messaging/v1/polling?cursor=0' },
  ] as const;
  for (const call of calls) {
    const res = await t.app.inject({ ...call, headers: call.method === 'DELETE' ? adminHeaders : headers });
    expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('not-found');
  }
  // Nothing changed: the conversation is still active.
  const same = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}`, headers });
  expect(same.json<Conversation>().status).toBe('active');
});
