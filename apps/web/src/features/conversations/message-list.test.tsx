import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/endpoint-client';
import { renderWithProviders } from '../../test/render-with-providers';
import { MessageList } from './message-list';
import { buildMessage } from './test-fixtures';

vi.mock('../../lib/endpoint-client', () => ({ api: { call: vi.fn() } }));
/** The mocked client: the conversation's messages, and no calls. */
const call = vi.mocked(api.call) as unknown as ReturnType<
  typeof vi.fn<(e: { path: string }) => Promise<unknown>>
>;

function renderList(locale?: 'en-CA') {
  call.mockImplementation((endpoint) =>
    Promise.resolve(
      endpoint.path.endsWith('/calls')
        ? { calls: [] }
        : { items: [buildMessage({ body: 'Bonjour, j’ai une question.' })], hasMore: false },
    ),
  );
  return renderWithProviders(
    <MessageList
      conversationId="11111111-1111-4111-8111-111111111111"
      pending={[]}
      onRetry={vi.fn()}
      onDiscard={vi.fn()}
    />,
    locale ? { locale } : undefined,
  );
}

describe('MessageList, the conversation’s log', () => {
  it('is a named log the keyboard reaches (a conversation of texts alone has nothing else to focus)', async () => {
    renderList();
    const log = await screen.findByRole('log', { name: 'Messages de la conversation' });
    expect(log.textContent).toContain('Bonjour, j’ai une question.');
    await userEvent.tab();
    expect(document.activeElement).toBe(log);
  });

  it('is named in English in an English interface', async () => {
    renderList('en-CA');
    expect(await screen.findByRole('log', { name: 'Conversation messages' })).toBeTruthy();
  });
});
