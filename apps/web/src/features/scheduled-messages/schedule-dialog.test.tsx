import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { parseTypedDate, ScheduleDialog } from './schedule-dialog';

function answer(status: number, body: unknown) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseTypedDate', () => {
  it('reads DD / MM / YYYY, with or without spaces, into the API date', () => {
    expect(parseTypedDate('24 / 11 / 2031')).toBe('2031-11-24');
    expect(parseTypedDate('5/3/2031')).toBe('2031-03-05');
  });
  it('refuses an incomplete or impossible date', () => {
    expect(parseTypedDate('24 / 11 / 20')).toBeNull();
    expect(parseTypedDate('31 / 02 / 2031')).toBeNull();
    expect(parseTypedDate('2031-11-24')).toBeNull();
  });
});

describe('ScheduleDialog', () => {
  it('says which fields are required and sends nothing while they are empty', async () => {
    const fetch = answer(201, {});
    renderWithProviders(
      <ScheduleDialog
        target={{ kind: 'conversation', conversationId: '00000000-0000-4000-8000-000000000001' }}
        onClose={() => undefined}
      />,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Programmer' }));
    expect(screen.getAllByText('Ce champ est requis.')).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the title, message, date, time and reminders for the conversation, and stays open when refused', async () => {
    const fetch = answer(422, { code: 'scheduled-too-soon', message: 'too soon' });
    const onClose = vi.fn();
    renderWithProviders(
      <ScheduleDialog
        target={{ kind: 'conversation', conversationId: '00000000-0000-4000-8000-000000000001' }}
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Titre/), 'Rappel');
    await user.type(screen.getByLabelText(/^Message/), 'Votre rendez-vous');
    await user.type(screen.getByLabelText(/^Date/), '10 / 03 / 2031');
    await user.type(screen.getByLabelText(/Heure/), '10:30');
    await user.click(screen.getByRole('checkbox', { name: '24 heures avant' }));
    await user.click(screen.getByRole('button', { name: 'Programmer' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/api/scheduled-messages');
    expect(JSON.parse(init?.body as string)).toEqual({
      title: 'Rappel',
      message: 'Votre rendez-vous',
      date: '2031-03-10',
      time: '10:30',
      reminders: ['24h'],
      conversationId: '00000000-0000-4000-8000-000000000001',
    });
    // Refused: the form stays open with what was typed and says why above its buttons.
    await vi.waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>('button', { name: 'Programmer' }).dataset.loading,
      ).toBeUndefined(),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>(/Titre/).value).toBe('Rappel');
    expect(screen.getByTestId('form-error').textContent).toContain(
      "L'heure prévue doit être au moins 5 minutes dans le futur.",
    );
  }, 20_000);
});
