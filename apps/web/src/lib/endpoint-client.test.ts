import { conversationEndpoints, messageEndpoints } from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { buildConversation } from '../features/conversations/test-fixtures';
import { checkAnswers } from './answer-check';
import { api } from './endpoint-client';
import { clearSession, updateSession } from './session-store';

const conversation = buildConversation();

function answer(status: number, body?: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }));
    }),
  );
  return calls;
}

describe('api.call(endpoint, input)', () => {
  beforeEach(() => {
    updateSession({ status: 'signed-in', token: 'token' });
    checkAnswers(true);
  });
  afterEach(() => {
    checkAnswers(false);
    clearSession();
    vi.unstubAllGlobals();
  });

  it('builds the path from the params, sends query, body and headers, and types the answer', async () => {
    const calls = answer(201, { ...conversation, lastSeq: 1 });
    const sent = api.call(messageEndpoints.send, {
      params: { id: 'a b' },
      body: { body: 'Bonjour' },
      headers: { 'Idempotency-Key': 'k-1' },
    });
    expectTypeOf(sent).resolves.toHaveProperty('body');
    await expect(sent).rejects.toMatchObject({ code: 'internal' }); // a conversation is not a message
    expect(calls[0]?.url).toBe('/api/conversations/a%20b/messages');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ body: 'Bonjour' }));
    expect(new Headers(calls[0]?.init.headers).get('idempotency-key')).toBe('k-1');

    const listed = answer(200, { items: [conversation], nextCursor: null });
    const page = await api.call(conversationEndpoints.list, {
      query: { status: 'inactive', search: undefined, limit: 5 },
    });
    expect(page.items[0]?.id).toBe(conversation.id);
    expect(listed[0]?.url).toBe('/api/conversations?status=inactive&limit=5');
  });

  it('answers what the server sent when it matches the endpoint, unchanged', async () => {
    answer(200, conversation);
    await expect(api.call(conversationEndpoints.get, { params: { id: conversation.id } })).resolves.toEqual(
      conversation,
    );
  });

  it('rejects an answer that does not match its endpoint, naming the field, when checks are on', async () => {
    answer(200, { ...conversation, status: 'lost' });
    await expect(
      api.call(conversationEndpoints.get, { params: { id: conversation.id } }),
    ).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('status'),
    });
    checkAnswers(false);
    answer(200, { ...conversation, status: 'lost' });
    await expect(
      api.call(conversationEndpoints.get, { params: { id: conversation.id } }),
    ).resolves.toMatchObject({ status: 'lost' });
  });

  it('resolves a 204 with nothing', async () => {
    answer(204);
    await expect(
      api.call(conversationEndpoints.delete, { params: { id: conversation.id } }),
    ).resolves.toBeUndefined();
  });
});
