import type { DeletedConversation } from '@accueil/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/endpoint-client';
import { renderWithProviders, testQueryClient } from '../../../test/render-with-providers';
import { conversationKeys } from '../../conversations/api';
import { DeletedConversationsTab } from './deleted-conversations-tab';

vi.mock('../../../lib/endpoint-client', () => ({ api: { call: vi.fn() } }));
/** The mocked client, answering any endpoint with any body. */
const call = vi.mocked(api.call) as unknown as ReturnType<
  typeof vi.fn<(e: { method: string }) => Promise<unknown>>
>;

const deleted: DeletedConversation = {
  id: '11111111-1111-4111-8111-111111111111',
  friendlyName: '+15145550100',
  contactName: 'Marie Tremblay',
  userGroup: { id: '22222222-2222-4222-8222-222222222222', label: 'Accueil' },
  deletedAt: '2026-11-20T15:00:00.000Z',
  deletedBy: { id: '33333333-3333-4333-8333-333333333333', name: 'Sophie Gagnon' },
  restorableUntil: '2026-12-20T15:00:00.000Z',
};

describe('DeletedConversationsTab', () => {
  it('lists the deleted conversations and restores one, refetching every conversations list', async () => {
    call.mockImplementation((endpoint) =>
      Promise.resolve(endpoint.method === 'GET' ? { items: [deleted] } : {}),
    );
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderWithProviders(<DeletedConversationsTab />, { client });
    const table = await screen.findByRole('table', { name: 'Conversations supprimées' });
    expect(table.textContent).toContain('Marie Tremblay');
    expect(table.textContent).toContain('Sophie Gagnon');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Restaurer la conversation avec Marie Tremblay' }),
    );
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' }), {
        params: { id: deleted.id },
      }),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.all }));
  });

  it('says when there is nothing to restore', async () => {
    call.mockResolvedValue({ items: [] });
    renderWithProviders(<DeletedConversationsTab />);
    expect(await screen.findByText(/Aucune conversation/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
