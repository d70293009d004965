import type { TextBlock } from '@accueil/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/render-with-providers';
import { textBlockKeys } from '../quick-messages/use-quick-messages';
import { Composer } from './composer';

const block = (over: Partial<TextBlock>): TextBlock => ({
  id: crypto.randomUUID(),
  organizationId: '00000000-0000-4000-8000-000000000001',
  locale: 'fr-CA',
  title: 'Rappel',
  body: 'Bonjour {{first_name}}, à demain!',
  pinned: false,
  template: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

function setup(
  blocks: TextBlock[],
  contact: { firstName: string; lastName: string } | null = { firstName: 'Élise', lastName: 'Roy' },
) {
  const client = testQueryClient();
  client.setQueryData(textBlockKeys.list('fr-CA'), blocks);
  const onSend = vi.fn();
  renderWithProviders(<Composer onSend={onSend} contact={contact} />, { client });
  return {
    onSend,
    user: userEvent.setup(),
    textarea: () => screen.getByRole('textbox', { name: 'Message' }),
  };
}

describe('Composer: quick messages', () => {
  it('opens the picker with / in an empty field, filters, and sends the chosen quick message alone, filled', async () => {
    const reminder = block({ title: 'Rappel' });
    const { onSend, user, textarea } = setup([block({ title: 'Annulation', body: 'Annulé.' }), reminder]);
    await user.type(textarea(), '/');
    const search = await screen.findByRole('combobox', { name: 'Rechercher une réponse rapide' });
    await user.type(search, 'rapp');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Bonjour Élise, à demain!')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    const send = screen.getByRole('button', { name: 'Envoyer' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await user.click(send);
    expect(onSend).toHaveBeenCalledWith('Bonjour Élise, à demain!', reminder.id);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('names the tokens without a value and does not send', async () => {
    const { onSend, user } = setup([block({ body: 'Bonjour {{first_name}} {{last_name}}' })], null);
    await user.click(screen.getByRole('button', { name: 'Réponses rapides (/)' }));
    await user.click(await screen.findByRole('option', { name: /Rappel/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Prénom et Nom');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Envoyer' }).disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('puts a template in the text field to be edited, with its preview, and sends it as text', async () => {
    const { onSend, user, textarea } = setup([
      block({ title: 'Modèle', body: 'Merci {{first_name}}', template: true }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Réponses rapides (/)' }));
    await user.click(await screen.findByRole('option', { name: /Modèle/ }));
    await waitFor(() => expect((textarea() as HTMLTextAreaElement).value).toBe('Merci {{first_name}}'));
    await user.type(textarea(), ' !');
    expect(await screen.findByText('Merci Élise !')).toBeTruthy();
    await user.type(textarea(), '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Merci {{first_name}} !');
  });

  it('removes a chosen quick message to write freely again', async () => {
    const { user } = setup([block({})]);
    await user.click(screen.getByRole('button', { name: 'Réponses rapides (/)' }));
    await user.click(await screen.findByRole('option', { name: /Rappel/ }));
    await user.click(await screen.findByRole('button', { name: 'Retirer la réponse rapide' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });
});
