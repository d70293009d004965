import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { SandboxMailScreen } from './sandbox-mail-screen';
import type { SandboxMail } from '@accueil/domain';

const mail = (id: string, to: string, subject: string) => ({
  id,
  from: 'Accueil <no-reply@accueil.localhost>',
  to,
  subject,
  html: `<p>${subject}</p><script>parent.alert(1)</script>`,
  text: `${subject}\n\nChoisir [http://localhost:3000/password-reset?token=${id}]`,
  attachments: [] as SandboxMail['attachments'],
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

  it('lists a mail’s files as downloads, with a preview of a picture, and shows inline parts in the HTML', async () => {
    const withFiles = {
      ...mail('m3', 'support@accueil.localhost', 'Demande de soutien'),
      html: '<p>Rapport</p><img src="cid:chart-1" alt="graphique">',
      attachments: [
        { id: 'a1', filename: 'capture.png', contentType: 'image/png', contentId: null, size: 111_600 },
        { id: 'a2', filename: 'chart.png', contentType: 'image/png', contentId: 'chart-1', size: 2_000 },
      ],
    };
    answer(200, { items: [withFiles] });
    renderWithProviders(<SandboxMailScreen />, { route: '/sandbox/mail' });
    const files = await screen.findByTestId('sandbox-mail-attachments');
    expect(within(files).getByText('Pièces jointes')).toBeTruthy();
    const link = within(files).getByRole('link', { name: 'capture.png' });
    expect(link.getAttribute('href')).toBe('/api/sandbox/mail/attachments/a1');
    expect(link.getAttribute('download')).toBe('capture.png');
    expect(within(files).getByText('111,6 ko')).toBeTruthy();
    const frame = screen.getByTestId('sandbox-mail-view').querySelector('iframe')!;
    expect(frame.getAttribute('srcdoc')).toContain(
      '<img src="/api/sandbox/mail/attachments/a2" alt="graphique">',
    );
  });
});
