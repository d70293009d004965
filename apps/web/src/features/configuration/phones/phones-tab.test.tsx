import {
  defaultOrganizationOptions,
  defaultPhoneSettings,
  type OrganizationSettings,
  type TeamConfig,
  type TransferExtension,
} from '@accueil/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders, testQueryClient } from '../../../test/render-with-providers';
import { seedList } from './phones-test-lists';
import { CallsSection, phoneRequestOf } from './calls-section';
import { GreetingsSection } from './greetings-section';
import { TransferExtensionsSection, transferDraftIssues } from './transfer-extensions-section';

const api = vi.hoisted(() => ({
  // The lists a change refetches: mocked, so a refetch answers the seeded rows instead of the network.
  fetchTransferExtensions: vi.fn(),
  fetchSipUsers: vi.fn(),
  fetchGreetings: vi.fn(),
  createTransferExtension: vi.fn(),
  updateTransferExtension: vi.fn(),
  previewGreeting: vi.fn(),
  savePhoneSettings: vi.fn(),
}));
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), ...api }));

const TEAM: TeamConfig = {
  id: '00000000-0000-4000-8000-0000000000a1',
  organizationId: '00000000-0000-4000-8000-0000000000b1',
  label: 'Principal',
  email: null,
  phoneNumber: '+15145550100',
  main: true,
  defaultInbox: 'sms',
  autoAssign: false,
  members: [],
  isMember: true,
  isAdministrator: true,
};
const ORGANIZATION = {
  id: TEAM.organizationId,
  country: 'CA',
  options: defaultOrganizationOptions(),
} as OrganizationSettings;
const LAB: TransferExtension = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Laboratoire',
  phoneNumber: '+15145550111',
  extension: '12',
};

beforeEach(() => Object.values(api).forEach((fn) => fn.mockReset()));

describe('Phones tab: rules', () => {
  it('checks a transfer extension as the server does: 0 to 3 digits, a number of the country, a name', () => {
    expect(
      transferDraftIssues({ name: 'Labo', phoneNumber: '514 555 0100', extension: '123' }, 'CA'),
    ).toEqual({});
    expect(transferDraftIssues({ name: 'Labo', phoneNumber: '514 555 0100', extension: '' }, 'CA')).toEqual(
      {},
    );
    expect(
      transferDraftIssues({ name: 'Labo', phoneNumber: '514 555 0100', extension: '1234' }, 'CA'),
    ).toEqual({ extension: 'extension-invalid' });
    expect(transferDraftIssues({ name: 'Labo', phoneNumber: '514 555 0100', extension: '1a' }, 'CA')).toEqual(
      { extension: 'extension-invalid' },
    );
    expect(transferDraftIssues({ name: ' ', phoneNumber: '911', extension: '' }, 'CA')).toEqual({
      name: 'required',
      phoneNumber: 'phone-invalid',
    });
  });

  it("sends only the teams whose queue switch changed, 'follow' as null", () => {
    const saved = { ...defaultPhoneSettings(), teamQueues: [{ teamId: 'a', enabled: true }] };
    const draft = {
      incomingCallsEnabled: true,
      webCallsEnabled: true,
      queueEnabled: false,
      queueNotification: false,
      queueMessage: '',
      queueRepeatPauseSeconds: 30,
      teamQueues: { a: 'follow', b: 'off', c: 'follow' } as const,
    };
    expect(phoneRequestOf({ ...draft, teamQueues: { ...draft.teamQueues } }, saved).teamQueues).toEqual([
      { teamId: 'a', enabled: null },
      { teamId: 'b', enabled: false },
    ]);
  });
});

describe('Phones tab: screens', () => {
  it('shows the calls and queue settings, and refuses a pause out of bounds before saving', async () => {
    renderWithProviders(
      <CallsSection phone={defaultPhoneSettings()} organization={ORGANIZATION} teams={[TEAM]} />,
    );
    expect(screen.getByRole('region', { name: 'Appels' })).toBeTruthy();
    // A switch's accessible name is its label then its description (both inside its <label>).
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /^Appels entrants/ }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /^File d'attente/ }).checked).toBe(false);
    expect(
      (screen.getAllByLabelText("File d'attente de l'équipe Principal")[0] as HTMLInputElement).value,
    ).toBe("Suit l'organisation");
    const pause = screen.getByRole('textbox', { name: 'Pause avant de répéter le message' });
    fireEvent.change(pause, { target: { value: '2' } });
    expect(await screen.findByText('Un nombre entier de 5 à 300.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer les appels' }).disabled).toBe(
      true,
    );
    expect(api.savePhoneSettings).not.toHaveBeenCalled();
  });

  it('lists transfer extensions; a bad extension is refused in place, a good one is sent in E.164 order', async () => {
    const client = testQueryClient();
    seedList(api, client, 'transferExtensions', [LAB]);
    api.createTransferExtension.mockResolvedValue({
      ...LAB,
      id: '00000000-0000-4000-8000-0000000000c2',
      name: 'Accueil',
    });
    renderWithProviders(<TransferExtensionsSection country="CA" />, { client });
    expect(screen.getByRole('cell', { name: 'Laboratoire' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '(514) 555-0111' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Ajouter un poste de transfert' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Accueil' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Numéro de téléphone/ }), {
      target: { value: '514 555 0122' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Poste/ }), { target: { value: '1234' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Le poste compte de 0 à 3 chiffres.')).toBeTruthy();
    expect(api.createTransferExtension).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: /^Poste/ }), { target: { value: '7' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(api.createTransferExtension).toHaveBeenCalledWith({
        name: 'Accueil',
        phoneNumber: '514 555 0122',
        extension: '7',
      }),
    );
  });

  it('puts the server’s refusal of a transfer number on the number field, and edits a row in place', async () => {
    const client = testQueryClient();
    seedList(api, client, 'transferExtensions', [LAB]);
    api.createTransferExtension.mockRejectedValue(new ApiError(400, 'phone-invalid', 'Invalid phone number'));
    api.updateTransferExtension.mockResolvedValue(LAB);
    renderWithProviders(<TransferExtensionsSection country="CA" />, { client });
    const number = screen.getByRole('textbox', { name: /^Numéro de téléphone/ });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Accueil' } });
    fireEvent.change(number, { target: { value: '514 555 0122' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Ajouter un poste de transfert' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Numéro de téléphone invalide.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Modifier Laboratoire' }));
    const editForm = await screen.findByRole('form', { name: 'Modifier le poste de transfert' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Nom/ }).value).toBe('Laboratoire');
    fireEvent.change(screen.getByRole('textbox', { name: /^Poste/ }), { target: { value: ' 34 ' } });
    fireEvent.submit(editForm);
    await waitFor(() =>
      expect(api.updateTransferExtension).toHaveBeenCalledWith(LAB.id, {
        name: 'Laboratoire',
        phoneNumber: '+15145550111',
        extension: '34',
      }),
    );
  });

  it('offers a greeting per period, and previews its text through the server', async () => {
    const client = testQueryClient();
    seedList(api, client, 'greetings', []);
    api.previewGreeting.mockResolvedValue(new Blob(['RIFF'], { type: 'audio/wav' }));
    renderWithProviders(<GreetingsSection teams={[TEAM]} />, { client, locale: 'en-CA' });
    await screen.findByRole('region', { name: 'Opening hours' });
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Opening hours',
      'Closed',
      'Break',
      'Vacation',
    ]);
    const closed = screen.getByRole('region', { name: 'Closed' });
    const preview = closed.querySelector('button[disabled]');
    expect(preview?.textContent).toBe('Preview');
    fireEvent.change(closed.querySelector('textarea')!, { target: { value: 'We are closed.' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Preview' })[1]!);
    await waitFor(() => expect(api.previewGreeting).toHaveBeenCalledWith('We are closed.'));
  });
});
