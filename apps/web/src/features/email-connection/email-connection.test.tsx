import { sessionAbilities, type MailboxStatus, type Role, type SessionContext } from '@accueil/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitPolledEvent } from '../../lib/realtime';
import { clearSession, updateSession } from '../../lib/session-store';
import { renderWithProviders } from '../../test/render-with-providers';
import { fetchMailboxStatus, logoutOAuth } from '../conversations/email/api';
import { MailboxDisconnectedDialog } from './mailbox-disconnected-dialog';
import { VerificationScreen } from './verification-screen';

const ORG = '11111111-1111-4111-8111-111111111111';
const ME = '22222222-2222-4222-8222-222222222222';
const TEAM = '33333333-3333-4333-8333-333333333333';

vi.mock('../conversations/email/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../conversations/email/api')>()),
  fetchMailboxStatus: vi.fn(),
  logoutOAuth: vi.fn(() => Promise.resolve()),
}));

const status = (over: Partial<MailboxStatus> = {}): MailboxStatus => ({
  teamId: TEAM,
  connected: true,
  address: 'soins@gmail.com',
  provider: 'gmail',
  valid: false,
  version: '2026-11-29T18:00:00.000Z',
  ...over,
});

function signIn(role: Role) {
  const actor = { userId: ME, role, organizationId: ORG, teamId: TEAM, tier: null };
  const context = {
    user: { id: ME, role },
    organization: { id: ORG, name: 'Clinique' },
    userGroup: { id: TEAM, organizationId: ORG, label: 'Principal', phoneNumber: null, main: true },
    userGroups: [],
    abilities: sessionAbilities(actor),
  } as unknown as SessionContext;
  updateSession({ status: 'signed-in', token: 't', context });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const renderDialog = () =>
  renderWithProviders(
    <>
      <MailboxDisconnectedDialog />
      <Where />
    </>,
  );

const MESSAGE =
  'Ce groupe a été déconnecté de votre fournisseur de courriel, veuillez reconnecter votre courriel.';

describe('the e-mail-disconnected dialog', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    clearSession();
    vi.mocked(fetchMailboxStatus).mockReset();
    vi.mocked(logoutOAuth).mockClear();
  });

  it('tells a member, who may only close it, to ask an administrator', async () => {
    signIn('user');
    vi.mocked(fetchMailboxStatus).mockResolvedValue(status());
    renderDialog();
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    expect(screen.getByText(/Demandez à un administrateur/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reconnecter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ne plus demander' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
  });

  it('sends an administrator to the spec’s reconnect address', async () => {
    signIn('admin');
    vi.mocked(fetchMailboxStatus).mockResolvedValue(status());
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Reconnecter' }));
    expect(screen.getByTestId('where').textContent).toBe('/configuration?configTab=2&tab=1');
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
  });

  it('"don’t ask again" disconnects the mailbox at its provider', async () => {
    signIn('admin');
    vi.mocked(fetchMailboxStatus).mockResolvedValue(status());
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Ne plus demander' }));
    await waitFor(() => expect(logoutOAuth).toHaveBeenCalledWith('gmail', 'soins@gmail.com'));
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
  });

  it('appears live when the mailbox is found disconnected (the status read again)', async () => {
    signIn('user');
    vi.mocked(fetchMailboxStatus).mockResolvedValue(status({ valid: true }));
    renderDialog();
    await waitFor(() => expect(fetchMailboxStatus).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(MESSAGE)).toBeNull();
    vi.mocked(fetchMailboxStatus).mockResolvedValue(status({ valid: false }));
    act(() => emitPolledEvent('mailbox:updated', { teamId: TEAM }));
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    expect(fetchMailboxStatus).toHaveBeenCalledTimes(2);
  });

  it('shows nothing for a mailbox that works, or none', async () => {
    signIn('user');
    vi.mocked(fetchMailboxStatus).mockResolvedValue(status({ connected: false, valid: true }));
    renderDialog();
    await waitFor(() => expect(fetchMailboxStatus).toHaveBeenCalled());
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });
});

describe('the verification pages', () => {
  const renderAt = (route: string, locale: 'fr-CA' | 'en-CA' = 'fr-CA') =>
    renderWithProviders(
      <Routes>
        <Route path="/verification/success" element={<VerificationScreen outcome="success" />} />
        <Route path="/verification/error/:provider" element={<VerificationScreen outcome="error" />} />
      </Routes>,
      { route, locale },
    );

  it('says the mailbox is connected', () => {
    renderAt('/verification/success');
    expect(screen.getByRole('heading', { name: 'Boîte de courriel connectée' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fermer cette fenêtre' })).toBeTruthy();
  });

  it('says why it was not, by reason, naming the provider; an unknown reason reads as the provider’s', () => {
    renderAt('/verification/error/gmail?reason=mismatch', 'en-CA');
    expect(screen.getByText(/The Gmail account you signed in with is not the team's email/)).toBeTruthy();
    renderAt('/verification/error/outlook?reason=<script>', 'en-CA');
    expect(
      screen.getByText('Outlook did not complete the connection. Try again in a few minutes.'),
    ).toBeTruthy();
    renderAt('/verification/error/imap?reason=mailbox', 'en-CA');
    expect(screen.getByText(/The IMAP or SMTP server did not accept the access granted/)).toBeTruthy();
  });

  it('closes the window with its button', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderAt('/verification/error/gmail?reason=denied');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer cette fenêtre' }));
    expect(close).toHaveBeenCalled();
    close.mockRestore();
  });
});
