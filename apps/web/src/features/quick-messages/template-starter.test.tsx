import type { CommunicationTemplate } from '@accueil/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/render-with-providers';
import { createTextBlock } from './api';
import { communicationTemplateKeys } from './use-quick-messages';
import { TextTemplateScreen } from './text-template-screen';

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  createTextBlock: vi.fn(() => Promise.resolve({})),
}));

const template = (over: Partial<CommunicationTemplate>): CommunicationTemplate => ({
  id: 'appointment-reminder',
  type: 'sms',
  sector: 'dental',
  locale: 'fr-CA',
  title: 'Rappel de rendez-vous',
  body: 'Bonjour {{first_name}}, petit rappel : vous avez rendez-vous demain chez {{organization_name}}.',
  tokens: ['first_name', 'organization_name'],
  ...over,
});

function open(route: string) {
  const client = testQueryClient();
  client.setQueryData(communicationTemplateKeys.sms('fr-CA'), [
    template({}),
    template({
      id: 'missed-call',
      title: 'Appel manqué',
      body: 'Nous avons manqué votre appel.',
      tokens: [],
    }),
  ]);
  renderWithProviders(
    <Routes>
      <Route path="/text-template/:mode/:id?" element={<TextTemplateScreen />} />
    </Routes>,
    { client, route },
  );
  return userEvent.setup();
}

describe('the quick message editor: start from a template', () => {
  it("puts the chosen template's title and text in the form, as a template", async () => {
    const user = open('/text-template/new');
    await user.type(screen.getByRole('textbox', { name: /Titre/ }), 'Brouillon');
    await user.click(screen.getAllByLabelText("Partir d'un modèle").find((e) => e.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'Appel manqué', hidden: true }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Titre/ }).value).toBe('Appel manqué');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Texte/ }).value).toBe(
      'Nous avons manqué votre appel.',
    );
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /modèle/i }).checked).toBe(true);
  });
});

describe('the quick message editor: saving', () => {
  it('refuses blank fields without a call, then saves the trimmed text with a token put at the cursor', async () => {
    const user = open('/text-template/new?locale=fr-CA');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText('Ce champ est requis.')).toHaveLength(2);
    expect(createTextBlock).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Titre/ }), ' Rappel ');
    const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Texte/ });
    await user.type(body, 'Bonjour ');
    await user.click(screen.getByRole('button', { name: 'Prénom' }));
    await user.type(body, '!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(createTextBlock).toHaveBeenCalledWith(expect.any(String), {
        title: 'Rappel',
        body: 'Bonjour {{first_name}}!',
        pinned: false,
        template: false,
        locale: 'fr-CA',
      }),
    );
  });
});

describe('the quick message editor: tokens', () => {
  it('keeps the cursor where the user typed after inserting a token (it does not jump back a frame later)', async () => {
    const user = open('/text-template/new?locale=fr-CA');
    const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Texte/ });
    await user.type(body, 'Bonjour ');
    fireEvent.click(screen.getByRole('button', { name: 'Prénom' }));
    expect(body.value).toBe('Bonjour {{first_name}}');
    // A fast typist: text typed at the end before the browser draws its next frame.
    body.focus();
    body.setRangeText(', ici ', body.value.length, body.value.length, 'end');
    fireEvent.input(body);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(body.selectionStart).toBe('Bonjour {{first_name}}, ici '.length);
    fireEvent.click(screen.getByRole('button', { name: "Nom de l'organisation" }));
    await user.keyboard('.');
    expect(body.value).toBe('Bonjour {{first_name}}, ici {{organization_name}}.');
  });
});
