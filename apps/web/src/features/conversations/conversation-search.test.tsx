import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, type ApiRequestOptions } from '../../lib/api';
import { renderWithProviders } from '../../test/render-with-providers';
import { ConversationListColumn } from './conversation-list-column';
import { ConversationRow } from './conversation-row';
import { buildConversation, buildMessage } from './test-fixtures';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));
const api = vi.mocked(apiRequest);

const archived = buildConversation({ status: 'inactive', friendlyName: '+15145550123' });
const result = {
  ...archived,
  lastMessage: buildMessage({
    conversationId: archived.id,
    body: 'Au revoir',
    createdAt: '2026-01-12T10:00:00.000Z',
  }),
  match: {
    messageId: '00000000-0000-4000-8000-00000000ab01',
    body: 'Votre détartrage est confirmé pour mardi',
    createdAt: '2026-01-11T10:00:00.000Z',
  },
};

function renderColumn() {
  const onStatusChange = vi.fn();
  renderWithProviders(
    <ConversationListColumn
      status="active"
      onStatusChange={onStatusChange}
      view="all"
      onViewChange={vi.fn()}
      openId={null}
      onOpen={vi.fn()}
      onNewConversation={vi.fn()}
      onDeleted={vi.fn()}
      onArchive={vi.fn()}
    />,
  );
  return {
    onStatusChange,
    box: screen.getByRole('textbox', { name: /Rechercher/ }),
    user: userEvent.setup(),
  };
}

describe('search of both lists', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockImplementation((_method, path, opts?: ApiRequestOptions) =>
      Promise.resolve(
        path === 'conversations/unread-counts'
          ? { active: 0, inactive: 0 }
          : { items: opts?.query?.search ? [result] : [], nextCursor: null },
      ),
    );
  });

  it('asks for both lists, says so, and selects no tab', async () => {
    const { box, user } = renderColumn();
    await user.click(box);
    await user.paste('détartrage');
    await waitFor(
      () =>
        expect(api).toHaveBeenCalledWith(
          'GET',
          'conversations',
          expect.objectContaining({
            query: expect.objectContaining({ status: 'all', search: 'détartrage' }),
          }),
        ),
      { timeout: 3000 },
    );
    expect(screen.getByTestId('search-hint').textContent).toBe(
      'Résultats parmi les actives et les archivées',
    );
    for (const tab of screen.getAllByRole('tab')) expect(tab.getAttribute('aria-selected')).toBe('false');
  });

  it('keeps the hint in a line that is always there, so nothing below moves', async () => {
    const { box, user } = renderColumn();
    const line = screen.getByTestId('search-hint');
    expect(line.textContent).toBe('');
    await user.type(box, 'ab');
    expect(screen.getByTestId('search-hint')).toBe(line);
    expect(line.textContent).toBe('Entrez au moins 3 caractères pour rechercher.');
  });

  it('ends the search when a tab is chosen', async () => {
    const { box, user, onStatusChange } = renderColumn();
    await user.click(box);
    await user.paste('détartrage');
    await waitFor(() => expect(screen.getByTestId('search-hint').textContent).not.toBe(''), {
      timeout: 3000,
    });
    await user.click(screen.getByRole('tab', { name: /Archivées/ }));
    expect(onStatusChange).toHaveBeenCalledWith('inactive');
    expect((box as HTMLInputElement).value).toBe('');
  });
});

describe('a search result row', () => {
  function renderRow(locale: 'fr-CA' | 'en-CA' = 'fr-CA') {
    renderWithProviders(
      <ConversationRow
        conversation={result}
        search="détartrage"
        showArchived
        active={false}
        onOpen={vi.fn()}
        onAction={vi.fn()}
        onDelete={vi.fn()}
      />,
      { locale },
    );
    return screen.getByRole('option');
  }

  it('shows the matching message, highlighted, with its date, in a row marked archived', () => {
    const row = renderRow();
    expect(within(row).getByText('Archivée')).toBeTruthy();
    expect(row.textContent).toContain('Votre détartrage est confirmé pour mardi');
    expect(row.textContent).not.toContain('Au revoir');
    expect(row.querySelector('mark')?.textContent).toBe('détartrage');
    expect(row.textContent).toContain('11 / 01 / 2026');
  });

  it('says archived in English in an English interface', () => {
    expect(within(renderRow('en-CA')).getByText('Archived')).toBeTruthy();
  });
});
