import type { TeamConfig, UserDirectoryEntry } from '@accueil/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TeamDialog } from './team-dialog';

const api = vi.hoisted(() => ({
  createTeam: vi.fn(),
  updateTeam: vi.fn(),
  putTeamMember: vi.fn(),
  removeTeamMember: vi.fn(),
  listTeams: vi.fn(() => Promise.resolve([])),
  listDirectory: vi.fn(() => Promise.resolve([])),
}));
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), ...api }));

const ADA = '44444444-4444-4444-8444-444444444444';
const BOB = '55555555-5555-4555-8555-555555555555';
const DIRECTORY = [
  { id: ADA, displayName: 'Ada Admin', disabled: false },
  { id: BOB, displayName: 'Bob Bureau', disabled: false },
] as UserDirectoryEntry[];
const TEAM: TeamConfig = {
  id: '66666666-6666-4666-8666-666666666666',
  organizationId: '11111111-1111-4111-8111-111111111111',
  label: 'Hygiène',
  email: null,
  phoneNumber: null,
  main: false,
  defaultInbox: 'sms',
  autoAssign: false,
  members: [{ userId: ADA, displayName: 'Ada Admin', administrator: true }],
  isMember: true,
  isAdministrator: true,
};

beforeEach(() => Object.values(api).forEach((fn) => fn.mockClear()));

/** Opens a Mantine select (`input`) and clicks the option named `name` in its own list. */
async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: string) {
  await user.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  await user.click(within(list).getByRole('option', { name, hidden: true }));
}

/** The error text a field's `aria-describedby` points to. */
function describedError(field: HTMLElement): string | null | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find((t) => t);
}

describe('TeamDialog: a new team', () => {
  it('refuses an empty label on the field, focused, and sends nothing', async () => {
    renderWithProviders(<TeamDialog team="new" directory={DIRECTORY} canManage onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle équipe' });
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'équipe" }));
    const label = within(dialog).getByRole('textbox', { name: /^Nom/ });
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    expect(describedError(label)).toBe('Ce champ est obligatoire.');
    expect(document.activeElement).toBe(label);
    expect(api.createTeam).not.toHaveBeenCalled();
  });

  it('creates the team with its number in E.164 and its members, the chosen one administrator', async () => {
    api.createTeam.mockResolvedValue(TEAM);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TeamDialog team="new" directory={DIRECTORY} canManage onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle équipe' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), '  Hygiène ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Numéro de téléphone/ }), '514 555-0100');
    const members = within(dialog).getByLabelText(/^Membres/, { selector: 'input' });
    await choose(user, members, 'Ada Admin');
    await choose(user, members, 'Bob Bureau');
    await choose(user, within(dialog).getByLabelText(/^Administrateur/, { selector: 'input' }), 'Bob Bureau');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'équipe" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.createTeam).toHaveBeenCalledWith({
      label: 'Hygiène',
      email: null,
      phoneNumber: '+15145550100',
      defaultInbox: 'sms',
      members: [
        { userId: ADA, administrator: false },
        { userId: BOB, administrator: true },
      ],
    });
  });
});

describe('TeamDialog: adding a member', () => {
  it('offers the button only once someone is chosen, and sends the chosen colleague as a plain member', async () => {
    api.putTeamMember.mockResolvedValue(TEAM);
    const user = userEvent.setup();
    renderWithProviders(<TeamDialog team={TEAM} directory={DIRECTORY} canManage onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', { name: 'Ajouter' });
    expect(add.hasAttribute('disabled')).toBe(true);
    const choice = within(dialog).getByLabelText('Ajouter un membre', { selector: 'input' });
    await user.click(choice);
    await waitFor(() => expect(choice.getAttribute('aria-controls')).toBeTruthy());
    const list = document.getElementById(choice.getAttribute('aria-controls')!)!;
    // Ada is a member already: only Bob is offered.
    expect(
      within(list)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Bob Bureau']);
    await user.click(within(list).getByRole('option', { name: 'Bob Bureau', hidden: true }));
    await user.click(add);
    await waitFor(() => expect(api.putTeamMember).toHaveBeenCalledWith(TEAM.id, BOB, false));
  });

  it('shows the server refusing the colleague under the choice', async () => {
    api.putTeamMember.mockRejectedValue(
      new ApiError(400, 'validation-failed', 'Invalid', [{ path: 'params.userId', message: 'Invalid UUID' }]),
    );
    const user = userEvent.setup();
    renderWithProviders(<TeamDialog team={TEAM} directory={DIRECTORY} canManage onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const choice = within(dialog).getByLabelText('Ajouter un membre', { selector: 'input' });
    await choose(user, choice, 'Bob Bureau');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(choice.getAttribute('aria-invalid')).toBe('true'));
    expect(describedError(choice)).toBe('Invalid UUID');
    expect(within(dialog).queryByTestId('form-error')).toBeNull();
  });
});

describe('TeamDialog: auto-assign', () => {
  it("shows the team's setting and saves it turned on with the other settings", async () => {
    api.updateTeam.mockResolvedValue({ ...TEAM, autoAssign: true });
    const user = userEvent.setup();
    renderWithProviders(<TeamDialog team={TEAM} directory={DIRECTORY} canManage onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const toggle = within(dialog).getByRole('switch', { name: /^Assignation automatique/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(api.updateTeam).toHaveBeenCalledWith(TEAM.id, expect.objectContaining({ autoAssign: true })),
    );
  });

  it('is not offered for a new team (it starts off, as on the server)', async () => {
    renderWithProviders(<TeamDialog team="new" directory={DIRECTORY} canManage onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle équipe' });
    expect(within(dialog).queryByRole('switch')).toBeNull();
  });
});
