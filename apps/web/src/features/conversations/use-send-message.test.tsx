import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { conversationKeys } from './api';
import { flattenMessages, type MessagesData } from './message-cache';
import { buildMessage, messagesData } from './test-fixtures';
import { testQueryClient } from '../../test/render-with-providers';
import { useSendMessage } from './use-send-message';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

describe('useSendMessage (optimistic send)', () => {
  it('shows the text as sending, keeps it with retry when refused, and replaces it by the server message', async () => {
    const id = 'c1';
    const client = testQueryClient();
    client.setQueryData<MessagesData>(
      conversationKeys.messages(id),
      messagesData([[buildMessage({ conversationId: id, seq: 1 })]]),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const api = vi.mocked(apiRequest);
    api.mockRejectedValueOnce(new ApiError(502, 'carrier-unavailable'));
    const { result } = renderHook(() => useSendMessage(id), { wrapper });

    api.mockClear();
    act(() => result.current.send('Bonjour'));
    expect(result.current.pending).toMatchObject([{ body: 'Bonjour', status: 'sending' }]);
    await waitFor(() => expect(result.current.pending[0]?.status).toBe('failed'));
    expect(notifyError).toHaveBeenCalled();

    const sent = buildMessage({
      conversationId: id,
      seq: 2,
      body: 'Bonjour',
      direction: 'outbound',
      status: 'sending',
    });
    api.mockResolvedValueOnce(sent);
    act(() => result.current.retry(result.current.pending[0]!.localId));
    expect(result.current.pending[0]?.status).toBe('sending');
    await waitFor(() => expect(result.current.pending).toEqual([]));
    // The retry carries the same Idempotency-Key as the first attempt: no second text if it had arrived.
    const [firstCall, retryCall] = api.mock.calls.slice(-2);
    const key = (firstCall?.[2] as { headers: Record<string, string> }).headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(retryCall).toEqual([
      'POST',
      `conversations/${id}/messages`,
      { body: { body: 'Bonjour' }, headers: { 'Idempotency-Key': key } },
    ]);
    expect(
      flattenMessages(client.getQueryData<MessagesData>(conversationKeys.messages(id))).map((m) => m.body),
    ).toContain('Bonjour');
  });
});

describe('useSendMessage Idempotency-Key', () => {
  it('gives each composed text its own key', async () => {
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const api = vi.mocked(apiRequest);
    api.mockClear();
    api.mockResolvedValue(buildMessage({ conversationId: 'c2', seq: 1, direction: 'outbound' }));
    const { result } = renderHook(() => useSendMessage('c2'), { wrapper });
    act(() => result.current.send('Un'));
    act(() => result.current.send('Deux'));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    const keys = api.mock.calls.map(
      (c) => (c[2] as { headers: Record<string, string> }).headers['Idempotency-Key'],
    );
    expect(new Set(keys).size).toBe(2);
  });
});

describe('useSendMessage resend of a text the carrier refused', () => {
  it('sends the same body as a new message with a new key, once, and remembers it was sent again', async () => {
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const api = vi.mocked(apiRequest);
    api.mockReset();
    api.mockResolvedValue(
      buildMessage({ conversationId: 'c3', seq: 2, direction: 'outbound', status: 'sending' }),
    );
    const failed = buildMessage({
      conversationId: 'c3',
      seq: 1,
      direction: 'outbound',
      status: 'failed',
      errorCode: '30006',
      body: 'Rappel',
    });
    const { result } = renderHook(() => useSendMessage('c3'), { wrapper });

    act(() => result.current.resend(failed));
    expect(result.current.resent.has(failed.id)).toBe(true);
    act(() => result.current.resend(failed));
    await waitFor(() => expect(result.current.pending).toEqual([]));
    expect(api).toHaveBeenCalledTimes(1);
    const [method, path, options] = api.mock.calls[0]!;
    expect([method, path, (options as { body: unknown }).body]).toEqual([
      'POST',
      'conversations/c3/messages',
      { body: 'Rappel' },
    ]);
    expect((options as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('turns a 409 replied-meanwhile into the warning (no failed bubble, no toast), then sends anyway with the same key', async () => {
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const api = vi.mocked(apiRequest);
    api.mockReset();
    vi.mocked(notifyError).mockClear();
    const details = { by: { id: 'u2', name: 'Marie Tremblay' }, at: '2026-11-30T02:00:00.000Z', seq: 4 };
    api.mockRejectedValueOnce(new ApiError(409, 'replied-meanwhile', 'replied', details));
    const { result } = renderHook(() => useSendMessage('c4'), { wrapper });

    act(() => result.current.send('Bonjour', undefined, undefined, 3));
    await waitFor(() => expect(result.current.repliedMeanwhile).not.toBeNull());
    expect(result.current.repliedMeanwhile).toMatchObject({ item: { body: 'Bonjour', seenSeq: 3 }, details });
    expect(result.current.pending).toEqual([]);
    expect(notifyError).not.toHaveBeenCalled();

    api.mockResolvedValueOnce(
      buildMessage({
        conversationId: 'c4',
        seq: 5,
        body: 'Bonjour',
        direction: 'outbound',
        status: 'sending',
      }),
    );
    act(() => result.current.sendAnyway());
    expect(result.current.repliedMeanwhile).toBeNull();
    await waitFor(() => expect(result.current.pending).toEqual([]));
    const [first, anyway] = api.mock.calls.map(
      ([, , options]) => options as { body: unknown; headers: Record<string, string> },
    );
    expect(first!.body).toEqual({ body: 'Bonjour', seenSeq: 3 });
    expect(anyway!.body).toEqual({ body: 'Bonjour', seenSeq: 3, sendAnyway: true });
    expect(anyway!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  });
});
