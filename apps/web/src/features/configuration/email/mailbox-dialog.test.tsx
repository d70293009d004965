import type { Mailbox } from '@accueil/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { connectMailbox, startOAuth } from '../../conversations/email/api';
import { MailboxDialog } from './mailbox-dialog';

const TEAM = '33333333-3333-4333-8333-333333333333';

const notify = vi.hoisted(() => ({ notifyError: vi.fn() }));
vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/notify')>()),
  notifyError: notify.notifyError,
}));

vi.mock('../../conversations/email/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../conversations/email/api')>()),
  connectMailbox: vi.fn(),
  startOAuth: vi.fn(() => Promise.resolve({ link: 'https://auth.example.org/authorize?state=s' })),
}));

const SERVERS = {
  imapHost: 'imap.clinique.example',
  imapPort: 993,
  imapSecure: true,
  smtpHost: 'smtp.clinique.example',
  smtpPort: 465,
  smtpSecure: true,
  username: 'soins@clinique.example',
};

const mailbox = (over: Partial<Mailbox> = {}): Mailbox => ({
  userGroupId: TEAM,
  provider: 'imap',
  connected: false,
  address: 'soins@clinique.example',
  valid: true,
  ...SERVERS,
  authMethod: 'password',
  authMethods: ['password', 'oauth2'],
  hasPassword: false,
  lastSyncedAt: null,
  lastError: null,
  ...over,
});

/** The password field (its label is also the sign-in choice's). */
const passwordField = () => document.querySelector('input[name="password"]');

describe('the IMAP mailbox dialog', () => {
  afterEach(() => {
    vi.mocked(startOAuth).mockClear();
    vi.mocked(connectMailbox).mockClear();
  });

  it('offers the password or OAuth 2 when the server does; with OAuth, Connect opens the 800×600 sign-in popup with the servers', async () => {
    const popup = { closed: false } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const onClose = vi.fn();
    renderWithProviders(<MailboxDialog mailbox={mailbox()} label="Principal" onClose={onClose} />);
    expect(screen.getByRole('radio', { name: 'Mot de passe' })).toHaveProperty('checked', true);
    expect(passwordField()).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'OAuth 2 (XOAUTH2)' }));
    expect(passwordField()).toBeNull();
    expect(screen.getByTestId('mailbox-oauth-intro').textContent).toMatch(/jamais avec un mot de passe/);

    await userEvent.click(screen.getByRole('button', { name: 'Connecter' }));
    await waitFor(() => expect(startOAuth).toHaveBeenCalledWith('imap', 'soins@clinique.example', SERVERS));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://auth.example.org/authorize?state=s',
        'accueil-email-authorization',
        expect.stringMatching(/width=800,height=600/),
      ),
    );
    expect(connectMailbox).not.toHaveBeenCalled();
    expect(screen.getByText(/Terminez la connexion à votre fournisseur/)).toBeTruthy();
    open.mockRestore();
  });

  it('starts on how the mailbox signs in now, and offers only the password when the server has no OAuth for IMAP', () => {
    const { unmount } = renderWithProviders(
      <MailboxDialog
        mailbox={mailbox({ connected: true, authMethod: 'oauth2' })}
        label="Principal"
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('radio', { name: 'OAuth 2 (XOAUTH2)' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('mailbox-oauth-intro')).toBeTruthy();
    expect(passwordField()).toBeNull();
    unmount();
    renderWithProviders(
      <MailboxDialog mailbox={mailbox({ authMethods: ['password'] })} label="Principal" onClose={() => {}} />,
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(passwordField()).toBeTruthy();
  });

  it('says what failed while connecting: refused credentials on the password, an unreachable server or sign-in server in the form', async () => {
    vi.mocked(connectMailbox).mockRejectedValueOnce(new ApiError(422, 'mailbox-auth-failed', 'refused'));
    const { unmount } = renderWithProviders(
      <MailboxDialog mailbox={mailbox()} label="Principal" onClose={() => {}} />,
    );
    await userEvent.type(passwordField()!, 'Mauvais-1');
    await userEvent.click(screen.getByRole('button', { name: 'Connecter' }));
    expect(
      await screen.findByText('Le serveur de courriel a refusé ce nom d’utilisateur ou ce mot de passe.'),
    ).toBeTruthy();
    // On the password field: described by the error, which screen readers read with it.
    const describedBy = passwordField()?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('refusé ce nom d’utilisateur');

    vi.mocked(connectMailbox).mockRejectedValueOnce(new ApiError(502, 'mail-unavailable', 'ECONNREFUSED'));
    await userEvent.click(screen.getByRole('button', { name: 'Connecter' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Le serveur de courriel ne répond pas. Vérifiez son adresse et son port, puis réessayez.',
    );
    // Said once, in the form: no toast beside it ('The e-mail could not be sent' before).
    expect(notify.notifyError).not.toHaveBeenCalled();
    unmount();

    vi.mocked(startOAuth).mockRejectedValueOnce(new ApiError(502, 'mail-unavailable', 'discovery failed'));
    renderWithProviders(
      <MailboxDialog mailbox={mailbox({ authMethod: 'oauth2' })} label="Principal" onClose={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Connecter' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Le serveur de connexion de votre fournisseur ne répond pas. Réessayez plus tard.',
    );
  });
});
