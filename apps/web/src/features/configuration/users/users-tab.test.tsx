import { sessionAbilities, type SessionContext, type UserAccount } from '@accueil/domain';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, updateSession } from '../../../lib/session-store';
import { renderWithProviders } from '../../../test/render-with-providers';
import { forceDisconnect } from './api';
import UsersTab from './users-tab';

const ORG = '11111111-1111-4111-8111-111111111111';
const ME = '22222222-2222-4222-8222-222222222222';
const TEAM = '33333333-3333-4333-8333-333333333333';

const account = (over: Partial<UserAccount>): UserAccount => ({
  id: crypto.randomUUID(),
  organizationId: ORG,
  username: 'agent',
  email: 'agent@clinique.test',
  displayName: 'Julien Roy',
  name: { first: 'Julien', last: 'Roy' },
  role: 'user',
  locale: 'fr-CA',
  profession: '',
  languages: [],
  teams: [{ teamId: TEAM, administrator: false }],
  defaultTeamId: TEAM,
  signature: { mode: 'no-signature', content: '' },
  phoneLine: null,
  disabledAt: null,
  ...over,
});

vi.mock('./api', () => ({
  listUsers: () =>
    Promise.resolve([
      account({ id: ME, username: 'admin', displayName: 'Sophie Gagnon', role: 'admin' }),
      account({}),
    ]),
  forceDisconnect: vi.fn(() => Promise.resolve()),
  sendInvitation: vi.fn(),
  disableUser: vi.fn(),
  enableUser: vi.fn(),
  createUser: vi.fn(),
  updateUser: vi.fn(),
}));
vi.mock('../teams/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../teams/api')>()),
  listTeams: () =>
    Promise.resolve([
      {
        id: TEAM,
        organizationId: ORG,
        label: 'Principal',
        email: null,
        phoneNumber: null,
        main: true,
        defaultInbox: 'sms',
        members: [],
        isMember: true,
        isAdministrator: true,
      },
    ]),
}));

vi.mock('../organization/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../organization/api')>()),
  fetchOrganizationSettings: () =>
    Promise.resolve({
      id: ORG,
      name: 'Clinique du Parc',
      phone: '+15145550100',
      email: 'info@parc.test',
      address: '12 rue du Parc, Montréal',
    }),
}));

function signIn() {
  const actor = { userId: ME, role: 'admin' as const, organizationId: ORG, teamId: TEAM, tier: null };
  const context = {
    user: { id: ME, role: 'admin' },
    organization: { id: ORG, name: 'Clinique' },
    userGroup: null,
    userGroups: [],
    abilities: sessionAbilities(actor),
  } as unknown as SessionContext;
  updateSession({ status: 'signed-in', token: 't', context });
}

/** The tab as the signed-in administrator sees it, with the confirmations' host. */
function renderSignedIn() {
  signIn();
  renderWithProviders(
    <ModalsProvider>
      <UsersTab />
    </ModalsProvider>,
    { route: '/configuration?configTab=users' },
  );
}

// Mantine's menu is still in its opening transition in happy-dom (no transitionend): its items
// are found with `hidden: true`.
describe('UsersTab', () => {
  afterEach(() => clearSession());

  it('lists the accounts with role, teams and state; forcing a user out asks first', async () => {
    renderSignedIn();
    const row = await screen.findByTestId('user-row-agent');
    expect(row.textContent).toContain('Julien Roy');
    expect(row.textContent).toContain('Principal');
    expect(row.textContent).toContain('Actif');
    await userEvent.click(screen.getByRole('button', { name: 'Actions pour Julien Roy' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Forcer la déconnexion', hidden: true }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Forcer la déconnexion de Julien Roy ?',
      hidden: true,
    });
    expect(forceDisconnect).not.toHaveBeenCalled();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Forcer la déconnexion', hidden: true }),
    );
    await waitFor(() => expect(forceDisconnect).toHaveBeenCalledTimes(1));
  });

  it('offers neither force-disconnect nor disable on one’s own row', async () => {
    renderSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions pour Sophie Gagnon' }));
    expect(await screen.findByRole('menuitem', { name: 'Modifier', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Forcer la déconnexion', hidden: true })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Désactiver', hidden: true })).toBeNull();
  });

  it('warns when the e-mail changes', async () => {
    renderSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions pour Julien Roy' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Modifier', hidden: true }));
    const email = await screen.findByLabelText(/^Courriel/);
    expect(screen.queryByText(/deviendront inaccessibles/)).toBeNull();
    fireEvent.change(email, { target: { value: 'julien@clinique.test' } });
    expect(await screen.findByText(/deviendront inaccessibles/)).toBeTruthy();
  });

  it('shows the signature as it will be sent, by the mode chosen', async () => {
    renderSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions pour Julien Roy' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Modifier', hidden: true }));
    const preview = await screen.findByTestId('signature-preview');
    expect(preview.textContent).toContain('Les courriels partiront sans signature.');
    fireEvent.click(screen.getByRole('radio', { name: 'Clinique', hidden: true }));
    await waitFor(() =>
      expect(preview.textContent).toContain(
        '-- \nClinique du Parc\n12 rue du Parc, Montréal\n+15145550100\ninfo@parc.test',
      ),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Utilisateur', hidden: true }));
    await waitFor(() =>
      expect(preview.textContent).toContain('-- \nJulien Roy\nClinique du Parc\nagent@clinique.test'),
    );
  });
});
