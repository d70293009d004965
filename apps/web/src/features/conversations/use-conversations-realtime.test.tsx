import { CATCH_UP_HOLE_GRACE_MS, type RealtimeEventName, type RealtimeEvents } from '@accueil/domain';
import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api';
import { announceNotification } from '../../lib/inbound-notice';
import { notifyInfo } from '../../lib/notify';
import { startTitleBlink } from '../../lib/title-blink';
import { conversationKeys } from './api';
import type { ListData } from './list-cache';
import { flattenMessages, type MessagesData } from './message-cache';
import { buildConversation, buildMessage, listData, messagesData } from './test-fixtures';
import { renderWithProviders, testQueryClient } from '../../test/render-with-providers';
import { useMessages } from './use-conversation-queries';
import { useConversationsRealtime } from './use-conversations-realtime';

const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../lib/realtime', () => ({
  useRealtimeEvent: (name: string, handler: (payload: unknown) => void) => handlers.set(name, handler),
  useRealtimeReconnect: (handler: () => void) => handlers.set('reconnect', handler),
}));
vi.mock('../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/notify')>()),
  notifyInfo: vi.fn(),
}));
vi.mock('../../lib/inbound-notice', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/inbound-notice')>()),
  announceNotification: vi.fn(() => false),
}));
vi.mock('../../lib/title-blink', () => ({ startTitleBlink: vi.fn(), stopTitleBlink: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(() => Promise.resolve({ items: [], hasMore: false })),
}));

function emit<K extends RealtimeEventName>(name: K, payload: RealtimeEvents[K]) {
  act(() => handlers.get(name)!(payload));
}

/** The realtime hook and the open conversation's messages, as the inbox page has them. */
function ThreadProbe({ id }: { id: string }) {
  useConversationsRealtime(id);
  useMessages(id);
  return null;
}

function Probe({ openId }: { openId: string | null }) {
  useConversationsRealtime(openId);
  return <output data-testid="path">{useLocation().pathname}</output>;
}

describe('useConversationsRealtime', () => {
  beforeEach(() => {
    handlers.clear();
    vi.mocked(startTitleBlink).mockClear();
  });

  it('applies message:created to the open conversation and the list, and blinks the title when not open', async () => {
    const conversation = buildConversation({ lastSeq: 2 });
    const other = buildConversation({ updatedAt: '2026-01-10T11:00:00.000Z' });
    const client = testQueryClient();
    client.setQueryData<ListData>(conversationKeys.list('active', ''), listData([[other, conversation]]));
    client.setQueryData<MessagesData>(
      conversationKeys.messages(conversation.id),
      messagesData([
        [
          buildMessage({ conversationId: conversation.id, seq: 1 }),
          buildMessage({ conversationId: conversation.id, seq: 2 }),
        ],
      ]),
    );
    renderWithProviders(<Probe openId={null} />, { client });

    const message = buildMessage({
      conversationId: conversation.id,
      seq: 3,
      body: 'Rendez-vous confirmé',
      createdAt: '2026-01-10T12:00:00.000Z',
    });
    const after = {
      ...conversation,
      version: conversation.version + 1,
      lastSeq: 3,
      lastMessage: message,
      updatedAt: message.createdAt,
    };
    emit('message:created', { message, conversation: after });

    const messages = flattenMessages(
      client.getQueryData<MessagesData>(conversationKeys.messages(conversation.id)),
    );
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    const rows = client.getQueryData<ListData>(conversationKeys.list('active', ''))!.pages[0]!.items;
    expect(rows[0]!.id).toBe(conversation.id);
    expect(rows[0]!.lastMessage?.body).toBe('Rendez-vous confirmé');
    expect(rows[0]).toMatchObject({ version: after.version, lastSeq: 3 });
    // Announced as the preferences say (by default the title blinks), once its module is in.
    await vi.waitFor(() => expect(startTitleBlink).toHaveBeenCalledWith('Nouveau message'));

    // The same event again changes nothing; an older conversation in it does not replace the row.
    emit('message:created', { message, conversation: { ...conversation, status: 'inactive' } });
    expect(
      client.getQueryData<ListData>(conversationKeys.list('active', ''))!.pages[0]!.items[0],
    ).toMatchObject({ version: after.version, status: 'active' });
    expect(
      flattenMessages(client.getQueryData<MessagesData>(conversationKeys.messages(conversation.id))),
    ).toHaveLength(3);
  });

  it('loads the open conversation again when a text arrives while its first page is loading', async () => {
    const conversation = buildConversation();
    const client = testQueryClient();
    const key = conversationKeys.messages(conversation.id);
    const first = buildMessage({ conversationId: conversation.id, seq: 1, body: 'Avant' });
    const arrived = buildMessage({ conversationId: conversation.id, seq: 2, body: 'Pendant le chargement' });
    let answerFirstLoad: (page: unknown) => void = () => undefined;
    vi.mocked(apiRequest).mockClear();
    vi.mocked(apiRequest)
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirstLoad = resolve)))
      .mockImplementation(() => Promise.resolve({ items: [first, arrived], hasMore: false }));
    renderWithProviders(<ThreadProbe id={conversation.id} />, { client });
    await vi.waitFor(() => expect(apiRequest).toHaveBeenCalledTimes(1));

    emit('message:created', {
      message: arrived,
      conversation: { ...conversation, lastSeq: 2, lastMessage: arrived },
    });
    // The first load was read before the text existed.
    await act(() => Promise.resolve(answerFirstLoad({ items: [first], hasMore: false })));

    await vi.waitFor(() =>
      expect(flattenMessages(client.getQueryData<MessagesData>(key)).map((m) => m.body)).toEqual([
        'Avant',
        'Pendant le chargement',
      ]),
    );
    expect(vi.mocked(apiRequest).mock.calls.filter(([method]) => method === 'GET')).toHaveLength(2);
  });

  it('drops a stale conversation:updated and removes a deleted conversation', () => {
    const conversation = buildConversation({ version: 3 });
    const client = testQueryClient();
    client.setQueryData<ListData>(conversationKeys.list('active', ''), listData([[conversation]]));
    renderWithProviders(<Probe openId={null} />, { client });

    emit('conversation:updated', { conversation: { ...conversation, version: 2, status: 'inactive' } });
    expect(client.getQueryData<ListData>(conversationKeys.list('active', ''))!.pages[0]!.items).toHaveLength(
      1,
    );

    emit('conversation:removed', { id: conversation.id, userGroupId: conversation.userGroupId, version: 4 });
    expect(client.getQueryData<ListData>(conversationKeys.list('active', ''))!.pages[0]!.items).toHaveLength(
      0,
    );
    emit('conversation:updated', { conversation: { ...conversation, version: 4 } });
    expect(client.getQueryData<ListData>(conversationKeys.list('active', ''))!.pages[0]!.items).toHaveLength(
      0,
    );
  });

  it('inbox:notification (assigned) updates the row and toasts who assigned which conversation, with a button that opens it', () => {
    const conversation = buildConversation({ version: 3 });
    const client = testQueryClient();
    client.setQueryData<ListData>(conversationKeys.list('active', ''), listData([[conversation]]));
    renderWithProviders(<Probe openId={null} />, { client });
    const assigned = {
      ...conversation,
      version: 4,
      assignee: { id: '33333333-3333-4333-8333-333333333333', name: 'Luc Gagnon' },
    };
    emit('inbox:notification', {
      kind: 'assigned',
      conversation: assigned,
      by: { id: '44444444-4444-4444-8444-444444444444', name: 'Marie Tremblay' },
    });
    expect(
      client.getQueryData<ListData>(conversationKeys.list('active', ''))!.pages[0]!.items[0],
    ).toMatchObject({
      version: 4,
      assignee: { name: 'Luc Gagnon' },
    });
    expect(vi.mocked(notifyInfo)).toHaveBeenCalledWith(
      expect.stringMatching(/^Marie Tremblay vous a assigné la conversation avec .+/),
      expect.objectContaining({ label: 'Ouvrir' }),
    );
    // The toast's button opens the conversation.
    act(() => vi.mocked(notifyInfo).mock.calls.at(-1)![1]!.onClick());
    expect(screen.getByTestId('path').textContent).toBe(`/conversations/${conversation.id}`);
  });

  it('inbox:notification (assigned, mention, inbound-text) is announced with a localised title and the contact; its click opens the conversation', async () => {
    const conversation = buildConversation({ version: 3 });
    renderWithProviders(<Probe openId={null} />, { client: testQueryClient() });
    vi.mocked(announceNotification).mockClear();
    emit('inbox:notification', {
      kind: 'assigned',
      conversation: { ...conversation, version: 4 },
      by: { id: '44444444-4444-4444-8444-444444444444', name: 'Marie Tremblay' },
    });
    await vi.waitFor(() => expect(announceNotification).toHaveBeenCalledTimes(1));
    const announced = vi.mocked(announceNotification).mock.calls[0]![0];
    expect(announced).toMatchObject({
      kind: 'assigned',
      conversationId: conversation.id,
      title: 'Conversation assignée à vous',
      body: expect.stringMatching(/^Marie Tremblay vous a assigné la conversation avec .+/),
    });
    act(() => announced.onOpen());
    expect(screen.getByTestId('path').textContent).toBe(`/conversations/${conversation.id}`);

    emit('inbox:notification', {
      kind: 'inbound-text',
      conversation: { ...conversation, version: 5 },
      by: null,
    });
    await vi.waitFor(() => expect(announceNotification).toHaveBeenCalledTimes(2));
    expect(vi.mocked(announceNotification).mock.calls[1]![0]).toMatchObject({
      kind: 'inbound-text',
      title: 'Nouveau texto dans votre conversation',
      body: expect.stringMatching(/^Un nouveau texto dans la conversation avec .+/),
    });
    // Snooze ends only toast.
    emit('inbox:notification', {
      kind: 'snooze-ended',
      conversation: { ...conversation, version: 6 },
      by: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(announceNotification).toHaveBeenCalledTimes(2);
  });

  it('catches up the open conversation after a reconnect with messages?after=<last seq>', async () => {
    const conversation = buildConversation();
    const client = testQueryClient();
    const key = conversationKeys.messages(conversation.id);
    client.setQueryData<MessagesData>(
      key,
      messagesData([[buildMessage({ conversationId: conversation.id, seq: 7 })]]),
    );
    const missed = buildMessage({ conversationId: conversation.id, seq: 8, body: 'Manqué' });
    vi.mocked(apiRequest).mockImplementation((_m, _p, opts) =>
      Promise.resolve(
        opts?.query?.after === 7 ? { items: [missed], hasMore: false } : { items: [], hasMore: false },
      ),
    );
    renderWithProviders(<Probe openId={conversation.id} />, { client });
    await act(async () => {
      await (handlers.get('reconnect') as unknown as () => Promise<void>)();
    });
    expect(apiRequest).toHaveBeenCalledWith(
      'GET',
      `conversations/${conversation.id}/messages`,
      expect.objectContaining({ query: expect.objectContaining({ after: 7 }) }),
    );
    expect(flattenMessages(client.getQueryData<MessagesData>(key)).map((m) => m.body)).toContain('Manqué');
  });
  it('catches up from before a hole left by a lost event, not from the highest seq held', async () => {
    const conversation = buildConversation();
    const client = testQueryClient();
    const key = conversationKeys.messages(conversation.id);
    const seqs = (n: number[]) => n.map((seq) => buildMessage({ conversationId: conversation.id, seq }));
    // 9 arrived by event after the reconnect; 8's event was lost with the connection.
    const [six, seven, lost, nine] = seqs([6, 7, 8, 9]);
    client.setQueryData<MessagesData>(key, messagesData([[six!, seven!, nine!]]));
    vi.mocked(apiRequest).mockImplementation((_m, _p, opts) =>
      Promise.resolve(
        opts?.query?.after === 7 ? { items: [lost, nine], hasMore: false } : { items: [], hasMore: false },
      ),
    );
    renderWithProviders(<Probe openId={conversation.id} />, { client });
    await act(async () => {
      await (handlers.get('reconnect') as unknown as () => Promise<void>)();
    });
    expect(flattenMessages(client.getQueryData<MessagesData>(key)).map((m) => m.seq)).toEqual([6, 7, 8, 9]);
  });
  it('fetches a message whose event was lost when the hole it leaves lasts, not when it fills', async () => {
    vi.useFakeTimers();
    try {
      const conversation = buildConversation();
      const client = testQueryClient();
      const key = conversationKeys.messages(conversation.id);
      const [six, seven, eight, nine, ten] = [6, 7, 8, 9, 10].map((seq) =>
        buildMessage({ conversationId: conversation.id, seq }),
      );
      client.setQueryData<MessagesData>(key, messagesData([[six!, seven!]]));
      vi.mocked(apiRequest).mockClear();
      vi.mocked(apiRequest).mockImplementation((_m, _p, opts) =>
        Promise.resolve(
          opts?.query?.after === 8 ? { items: [nine, ten], hasMore: false } : { items: [], hasMore: false },
        ),
      );
      // The open conversation is being watched: events also mark it read (PUT), not counted here.
      const gets = () => vi.mocked(apiRequest).mock.calls.filter(([method]) => method === 'GET');
      renderWithProviders(<Probe openId={conversation.id} />, { client });

      emit('message:created', { message: nine!, conversation }); // 8 overtaken, then arrives: no fetch
      emit('message:created', { message: eight!, conversation });
      await act(() => vi.advanceTimersByTimeAsync(CATCH_UP_HOLE_GRACE_MS));
      expect(gets()).toEqual([]);

      client.setQueryData<MessagesData>(key, messagesData([[six!, seven!, eight!]]));
      emit('message:created', { message: { ...ten! }, conversation }); // 9 lost
      await act(() => vi.advanceTimersByTimeAsync(CATCH_UP_HOLE_GRACE_MS - 1));
      expect(gets()).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(apiRequest).toHaveBeenCalledWith(
        'GET',
        `conversations/${conversation.id}/messages`,
        expect.objectContaining({ query: expect.objectContaining({ after: 8 }) }),
      );
      expect(flattenMessages(client.getQueryData<MessagesData>(key)).map((m) => m.seq)).toEqual([
        6, 7, 8, 9, 10,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
