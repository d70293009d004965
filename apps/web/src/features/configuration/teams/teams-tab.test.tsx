import { sessionAbilities, type SessionContext, type TeamConfig } from '@accueil/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { getIntl } from '../../../lib/i18n';
import { clearSession, updateSession } from '../../../lib/session-store';
import { renderWithProviders } from '../../../test/render-with-providers';
import TeamsTab from './teams-tab';

const ORG = '11111111-1111-4111-8111-111111111111';
const ME = '22222222-2222-4222-8222-222222222222';

const team = (over: Partial<TeamConfig>): TeamConfig => ({
  id: crypto.randomUUID(),
  organizationId: ORG,
  label: 'Principal',
  email: null,
  phoneNumber: '+15145550100',
  main: false,
  defaultInbox: 'sms',
  autoAssign: false,
  members: [],
  isMember: false,
  isAdministrator: false,
  ...over,
});

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  listTeams: () =>
    Promise.resolve([
      team({
        label: 'Principal',
        main: true,
        isMember: true,
        members: [{ userId: ME, displayName: 'Alex Agent', administrator: false }],
      }),
      team({ label: 'Hygiène', members: [{ userId: 'x', displayName: 'Ada Admin', administrator: true }] }),
    ]),
  listDirectory: () => Promise.resolve([]),
  updateTeam: vi.fn(() => Promise.reject(new ApiError(409, 'team-label-taken', 'Label taken'))),
}));

function signIn(role: SessionContext['user']['role']) {
  const actor = { userId: ME, role, organizationId: ORG, teamId: null, tier: null };
  const context = {
    user: { id: ME, role },
    organization: { id: ORG },
    userGroup: null,
    userGroups: [],
    abilities: sessionAbilities(actor),
  } as unknown as SessionContext;
  updateSession({ status: 'signed-in', token: 't', context });
}

describe('TeamsTab', () => {
  afterEach(() => clearSession());

  it('shows a user their teams and the other teams, which they cannot join or edit', async () => {
    signIn('user');
    renderWithProviders(<TeamsTab />, { route: '/configuration?configTab=teams' });
    expect(await screen.findByRole('table', { name: 'Mes équipes' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Autres équipes' })).toBeTruthy();
    expect(screen.getByText("Seul un administrateur d'une équipe peut vous y ajouter.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nouvelle équipe' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Modifier|Membres) / })).toBeNull();
    expect(screen.getByText('Administrateurs : Ada Admin')).toBeTruthy();
  });

  it('lets an administrator create a team and open every team', async () => {
    signIn('admin');
    renderWithProviders(<TeamsTab />, { route: '/configuration?configTab=teams' });
    expect(await screen.findByRole('button', { name: 'Modifier Hygiène' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Nouvelle équipe' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvelle équipe' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Créer l'équipe" }));
    expect(await screen.findAllByText('Ce champ est obligatoire.')).not.toHaveLength(0);
  });

  it('shows a label the server refuses as taken under the label field', async () => {
    signIn('admin');
    renderWithProviders(<TeamsTab />, { route: '/configuration?configTab=teams' });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Hygiène' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const label = within(dialog).getByRole('textbox', { name: /Nom/ });
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(getIntl().formatMessage({ id: 'error.team-label-taken' }))).toBeTruthy();
    expect(within(dialog).queryByTestId('form-error')).toBeNull();
  });
});
