import type { AutomaticReply } from '@accueil/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render-with-providers';
import { configurationKeys } from '../teams/api';
import AutomationsTab from './automations-tab';

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
  client.setQueryData(['automatic-replies'], [reply]);
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
    expect(screen.getAllByRole('button', { name: 'Enregistrer' })).toHaveLength(3);
  });

  it('is read-only for other roles', async () => {
    ability.edit = false;
    render();
    expect((await screen.findByDisplayValue('Nous sommes fermés.')).hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
