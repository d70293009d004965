import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api';
import { ConversationListColumn } from './conversation-list-column';
import { renderWithProviders } from '../../test/render-with-providers';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const api = vi.mocked(apiRequest);

function searchesSent(): unknown[] {
  return api.mock.calls
    .filter(([, path]) => path === 'conversations')
    .map(([, , opts]) => opts?.query?.search)
    .filter((s) => s !== undefined);
}

describe('conversation list search (at least 3 characters)', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockImplementation((_method, path) =>
      Promise.resolve(
        path === 'conversations/unread-counts'
          ? { active: 2, inactive: 0 }
          : path === 'conversations/view-counts'
            ? { mine: 3, unassigned: 5, all: 12 }
            : { items: [], nextCursor: null },
      ),
    );
  });

  it('sends no search under 3 characters and shows a hint; searches from 3, debounced', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ConversationListColumn
        status="active"
        onStatusChange={vi.fn()}
        view="all"
        onViewChange={vi.fn()}
        openId={null}
        onOpen={vi.fn()}
        onNewConversation={vi.fn()}
        onDeleted={vi.fn()}
        onArchive={vi.fn()}
      />,
    );
    await waitFor(() => expect(api).toHaveBeenCalledWith('GET', 'conversations', expect.anything()));
    const box = screen.getByRole('textbox', { name: /Rechercher/ });
    await user.type(box, 'ab');
    expect(screen.getByText('Entrez au moins 3 caractères pour rechercher.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(searchesSent()).toEqual([]);

    await user.type(box, 'c');
    await waitFor(() => expect(searchesSent()).toEqual(['abc']));
    expect(screen.queryByText('Entrez au moins 3 caractères pour rechercher.')).toBeNull();
  });

  it('shows the unread count of the active tab', async () => {
    renderWithProviders(
      <ConversationListColumn
        status="active"
        onStatusChange={vi.fn()}
        view="all"
        onViewChange={vi.fn()}
        openId={null}
        onOpen={vi.fn()}
        onNewConversation={vi.fn()}
        onDeleted={vi.fn()}
        onArchive={vi.fn()}
      />,
    );
    const tab = await screen.findByRole('tab', { name: /Actives/ });
    await waitFor(() => expect(tab.textContent).toContain('2'));
  });

  it('shows the views with their counts, asks for the chosen view, and ends a search on a view', async () => {
    const onViewChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ConversationListColumn
        status="active"
        onStatusChange={vi.fn()}
        view="mine"
        onViewChange={onViewChange}
        openId={null}
        onOpen={vi.fn()}
        onNewConversation={vi.fn()}
        onDeleted={vi.fn()}
        onArchive={vi.fn()}
      />,
    );
    const views = await screen.findByRole('tablist', { name: 'Vues de la boîte de réception' });
    const mine = within(views).getByRole('tab', { name: /À moi/ });
    await waitFor(() => expect(mine.textContent).toContain('3'));
    expect(mine.getAttribute('aria-selected')).toBe('true');
    expect(within(views).getByRole('tab', { name: /Non assignées/ }).textContent).toContain('5');
    expect(within(views).getByRole('tab', { name: /Toutes/ }).textContent).toContain('12');
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        'GET',
        'conversations',
        expect.objectContaining({ query: expect.objectContaining({ view: 'mine', status: 'active' }) }),
      ),
    );
    await user.type(screen.getByRole('textbox', { name: /Rechercher/ }), 'abc');
    await waitFor(() => expect(mine.getAttribute('aria-selected')).toBe('false'));
    await user.click(within(views).getByRole('tab', { name: /Non assignées/ }));
    expect(onViewChange).toHaveBeenCalledWith('unassigned');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Rechercher/ }).value).toBe('');
  });
});
