import type { CommunicationTemplate } from '@accueil/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/render-with-providers';
import { communicationTemplateKeys } from './api';
import { TextTemplateScreen } from './text-template-screen';

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
