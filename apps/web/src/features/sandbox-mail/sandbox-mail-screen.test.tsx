import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { SandboxMailScreen } from './sandbox-mail-screen';

const mail = (id: string, to: string, subject: string) => ({
  id,
  from: 'Accueil <no-reply@accueil.localhost>',
  to,
  subject,
  html: `<p>${subject}</p><script>parent.alert(1)</script>`,
  text: `${subject}\n\nChoisir [http://localhost:3000/password-reset?token=${id}]`,
  createdAt: '2026-11-23T21:40:00.000Z',
});

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      ),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SandboxMailScreen', () => {
  it('lists the recipients and their mails, shows the newest in a sandboxed frame with its links', async () => {
    answer(200, {
      items: [mail('m2', 'marie@clinique.test', 'Deuxième'), mail('m1', 'luc@clinique.test', 'Premier')],
    });
    renderWithProviders(<SandboxMailScreen />, { route: '/sandbox/mail' });
    const view = await screen.findByTestId('sandbox-mail-view');
    expect(within(view).getByRole('heading', { name: 'Deuxième' })).toBeTruthy();
    const frame = view.querySelector('iframe')!;
    // No permission at all: no script, no form, no navigation of the page.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('title')).toBe('Contenu HTML du courriel');
    expect(within(view).getByTestId('sandbox-mail-link').getAttribute('href')).toBe(
      'http://localhost:3000/password-reset?token=m2',
    );
    const recipients = screen.getByRole('navigation', { name: 'Destinataires' });
    await userEvent.setup().click(within(recipients).getByText('luc@clinique.test'));
    expect(
      await within(screen.getByTestId('sandbox-mail-view')).findByRole('heading', { name: 'Premier' }),
    ).toBeTruthy();
    expect(within(screen.getByTestId('sandbox-mail-list')).queryByText('Deuxième')).toBeNull();
  });

  it('shows the text part on demand', async () => {
    answer(200, { items: [mail('m1', 'luc@clinique.test', 'Premier')] });
    renderWithProviders(<SandboxMailScreen />, { route: '/sandbox/mail' });
    await screen.findByTestId('sandbox-mail-view');
    await userEvent.setup().click(screen.getByText('Texte'));
    expect(screen.getByText(/Choisir \[http:\/\/localhost:3000/)).toBeTruthy();
  });

  it('says the mailbox is not active when the server sends mails through SMTP (404)', async () => {
    answer(404, { code: 'not-found', message: 'Route GET:/api/sandbox/mail not found' });
    renderWithProviders(<SandboxMailScreen />, { route: '/sandbox/mail' });
    expect((await screen.findByTestId('sandbox-mail-unavailable')).textContent).toContain('SMTP');
  });
});
