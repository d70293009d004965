import type { StatisticsRecipient } from '@accueil/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/endpoint-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StatisticsRecipients as StatisticsTab } from './statistics-tab';

vi.mock('../../../lib/endpoint-client', () => ({ api: { call: vi.fn() } }));
/** The mocked client, answering any endpoint. */
const call = vi.mocked(api.call) as unknown as ReturnType<
  typeof vi.fn<(e: { method: string }, input?: unknown) => Promise<unknown>>
>;

const recipient: StatisticsRecipient = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'direction@clinique.example',
  createdAt: '2026-11-20T15:00:00.000Z',
};

describe('StatisticsTab', () => {
  // A block: a function returned by beforeEach would be run as its teardown.
  beforeEach(() => {
    call.mockClear();
  });

  it('lists the recipients and adds one, lower-cased', async () => {
    call.mockImplementation((endpoint) =>
      Promise.resolve(endpoint.method === 'GET' ? [recipient] : { ...recipient, email: 'compta@x.example' }),
    );
    renderWithProviders(<StatisticsTab />);
    const table = await screen.findByRole('table', { name: 'Destinataires du rapport hebdomadaire' });
    expect(table.textContent).toContain('direction@clinique.example');
    await userEvent.type(screen.getByRole('textbox', { name: /Courriel/ }), ' Compta@X.example');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le destinataire' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' }), {
        body: { email: 'compta@x.example' },
      }),
    );
  });

  it('shows an address already in the list under the field, and a malformed one before sending', async () => {
    call.mockImplementation((endpoint) =>
      endpoint.method === 'GET'
        ? Promise.resolve([])
        : Promise.reject(new ApiError(409, 'email-taken', 'This email is already in use')),
    );
    renderWithProviders(<StatisticsTab />);
    expect(await screen.findByText(/Aucun destinataire/)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: /Courriel/ });
    await userEvent.type(field, 'pas une adresse');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le destinataire' }));
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' }), expect.anything());
    await userEvent.clear(field);
    await userEvent.type(field, 'direction@clinique.example');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le destinataire' }));
    const form = screen.getByRole('form', { name: 'Ajouter un destinataire' });
    expect(await within(form).findByText('Ce courriel est déjà utilisé')).toBeTruthy();
  });
});
