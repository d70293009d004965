import type { AutomaticReply } from '@accueil/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render-with-providers';
import { configurationKeys } from '../teams/api';
import { automaticReplyKeys } from './use-automatic-replies';
import { api } from '../../../lib/endpoint-client';
import AutomationsTab from './automations-tab';

vi.mock('../../../lib/endpoint-client', () => ({ api: { call: vi.fn(() => Promise.resolve([])) } }));

const ability = vi.hoisted(() => ({ edit: true }));
vi.mock('../../../lib/use-ability', () => ({ useAbility: () => ability.edit }));

const reply: AutomaticReply = {
  id: '00000000-0000-4000-8000-000000000001',
  teamId: null,
  kind: 'missed-sms',
  enabled: true,
  body: 'Nous sommes fermés.',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function render() {
  const client = testQueryClient();
  client.setQueryData(automaticReplyKeys.all, [reply]);
  client.setQueryData(configurationKeys.teams(), []);
  renderWithProviders(<AutomationsTab />, { client });
}

describe('Automations tab', () => {
  it('shows each kind of automatic reply with its text, editable by an administrator', async () => {
    ability.edit = true;
    render();
    expect(
      await screen.findByRole('region', { name: "Texto reçu hors des heures d'ouverture" }),
    ).toBeTruthy();
    expect(screen.getByDisplayValue('Nous sommes fermés.')).toBeTruthy();
    // An enabled reply shows its switch on (a registered Mantine Switch showed it off).
    const card = screen.getByRole('region', { name: "Texto reçu hors des heures d'ouverture" });
    expect(within(card).getByRole<HTMLInputElement>('switch', { name: 'Activée' }).checked).toBe(true);
    const missed = screen.getByRole('region', { name: 'Appel manqué' });
    expect(within(missed).getByRole<HTMLInputElement>('switch', { name: 'Activée' }).checked).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Enregistrer' })).toHaveLength(3);
  });

  it('is read-only for other roles', async () => {
    ability.edit = false;
    render();
    expect((await screen.findByDisplayValue('Nous sommes fermés.')).hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it('refuses an empty text without calling the server, then saves the trimmed text of its kind', async () => {
    ability.edit = true;
    render();
    const card = await screen.findByRole('region', { name: "Texto reçu hors des heures d'ouverture" });
    const text = within(card).getByRole('textbox');
    await userEvent.clear(text);
    await userEvent.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(card).findByText('Le texte est requis.')).toBeTruthy();
    expect(api.call).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT' }), expect.anything());
    await userEvent.type(text, '  Fermé aujourd’hui. ');
    // Turned off then on again: what is sent is what the switch shows.
    await userEvent.click(within(card).getByRole('switch', { name: 'Activée' }));
    await userEvent.click(within(card).getByRole('switch', { name: 'Activée' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT' }), {
        body: { teamId: null, kind: 'missed-sms', enabled: true, body: 'Fermé aujourd’hui.' },
      }),
    );
  });
});
