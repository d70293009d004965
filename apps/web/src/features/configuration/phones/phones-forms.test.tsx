import {
  defaultOrganizationOptions,
  defaultPhoneSettings,
  type OrganizationSettings,
  type TeamConfig,
} from '@accueil/domain';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { setCurrentLocale } from '../../../lib/i18n';
import { renderWithProviders, testQueryClient } from '../../../test/render-with-providers';
import { seedList } from './phones-test-lists';
import { CallsSection } from './calls-section';
import { LinesSection } from './lines-section';
import { TransferExtensionsSection } from './transfer-extensions-section';

const api = vi.hoisted(() => ({
  // The lists a change refetches: mocked, so a refetch answers the seeded rows instead of the network.
  fetchTransferExtensions: vi.fn(),
  fetchSipUsers: vi.fn(),
  fetchGreetings: vi.fn(),
  savePhoneSettings: vi.fn(),
  createSipUser: vi.fn(),
  deleteSipUser: vi.fn(),
  deleteTransferExtension: vi.fn(),
}));
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), ...api }));
const organizationApi = vi.hoisted(() => ({ saveOrganizationSettings: vi.fn() }));
vi.mock('../organization/api', async (original) => ({
  ...(await original<typeof import('../organization/api')>()),
  ...organizationApi,
}));

const TEAM = {
  id: '00000000-0000-4000-8000-0000000000a1',
  organizationId: '00000000-0000-4000-8000-0000000000b1',
  label: 'Principal',
} as TeamConfig;
const ORGANIZATION = {
  id: TEAM.organizationId,
  country: 'CA',
  options: defaultOrganizationOptions(),
} as OrganizationSettings;

beforeEach(() => [...Object.values(api), ...Object.values(organizationApi)].forEach((fn) => fn.mockReset()));

describe('Calls section form', () => {
  it('sends the phone settings’ part only (options unchanged), and a refusal lands on its field', async () => {
    api.savePhoneSettings.mockRejectedValueOnce(
      new ApiError(400, 'validation-failed', 'Invalid', [
        { location: 'body', path: 'queueMessage', message: 'max-length' },
      ]),
    );
    renderWithProviders(
      <CallsSection phone={defaultPhoneSettings()} organization={ORGANIZATION} teams={[TEAM]} />,
    );
    const message = screen.getByRole('textbox', { name: /^Message de la file d'attente/ });
    fireEvent.change(message, { target: { value: 'Merci de patienter.' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Appels entrants/ }));
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer les appels' });
    // The button waits for the form's check of the values.
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/^Maximum de \d+ caractères\.$/)).toBeTruthy();
    expect(api.savePhoneSettings).toHaveBeenCalledWith({
      incomingCallsEnabled: false,
      queueMessage: 'Merci de patienter.',
      queueRepeatPauseSeconds: defaultPhoneSettings().queueRepeatPauseSeconds,
    });
    expect(organizationApi.saveOrganizationSettings).not.toHaveBeenCalled();
  });
});

describe('Lines section forms', () => {
  it('refuses a SIP domain that is no domain without sending it, then saves the park slots and domain', async () => {
    api.savePhoneSettings.mockResolvedValue({
      ...defaultPhoneSettings(),
      parkSlots: 4,
      sipDomain: 'c.sip.twilio.com',
    });
    const client = testQueryClient();
    seedList(api, client, 'sipUsers', []);
    renderWithProviders(<LinesSection phone={defaultPhoneSettings()} />, { client, locale: 'en-CA' });
    const domain = screen.getByRole('textbox', { name: /^SIP domain/ });
    fireEvent.change(domain, { target: { value: 'not a domain' } });
    expect(await screen.findByText('A domain name, such as clinique.sip.twilio.com.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save lines' }).disabled).toBe(true);
    fireEvent.change(domain, { target: { value: 'c.sip.twilio.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Parked lines/ }), { target: { value: '4' } });
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save lines' }).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save lines' }));
    await waitFor(() =>
      expect(api.savePhoneSettings).toHaveBeenCalledWith({ parkSlots: 4, sipDomain: 'c.sip.twilio.com' }),
    );
  });

  it('refuses a bad SIP user name in place, and puts a taken one on its field', async () => {
    const client = testQueryClient();
    seedList(api, client, 'sipUsers', []);
    api.createSipUser.mockRejectedValue(
      new ApiError(409, 'sip-line-taken', 'This SIP user name is already used'),
    );
    renderWithProviders(<LinesSection phone={defaultPhoneSettings()} />, { client });
    const form = screen.getByRole('form', { name: 'Ajouter un utilisateur SIP' });
    const username = screen.getByRole('textbox', { name: /^Nom d'utilisateur SIP/ });
    fireEvent.change(username, { target: { value: 'a b' } });
    fireEvent.submit(form);
    expect(
      await screen.findByText('Un numéro au format +15145550100, ou lettres, chiffres, . _ - seulement.'),
    ).toBeTruthy();
    expect(api.createSipUser).not.toHaveBeenCalled();
    fireEvent.change(username, { target: { value: 'accueil' } });
    fireEvent.submit(form);
    expect(await screen.findByText("Ce nom d'utilisateur SIP existe déjà.")).toBeTruthy();
    expect(api.createSipUser).toHaveBeenCalledWith({ username: 'accueil', displayName: null });
  });
});

describe('Removing a transfer extension or a SIP user', () => {
  it('asks first: cancelling keeps the transfer extension, confirming removes it', async () => {
    const client = testQueryClient();
    seedList(api, client, 'transferExtensions', [
      {
        id: '00000000-0000-4000-8000-0000000000c1',
        name: 'Laboratoire',
        phoneNumber: '+15145550111',
        extension: '12',
      },
    ]);
    api.deleteTransferExtension.mockResolvedValue(undefined);
    renderWithProviders(
      <ModalsProvider>
        <TransferExtensionsSection country="CA" />
      </ModalsProvider>,
      { client },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Laboratoire' }));
    const ask = await screen.findByRole('dialog', { name: 'Supprimer le poste de transfert' });
    expect(ask.textContent).toContain(
      'Supprimer le poste de transfert Laboratoire? Les appels ne pourront plus y être transférés.',
    );
    fireEvent.click(within(ask).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.deleteTransferExtension).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Laboratoire' }));
    const again = await screen.findByRole('dialog', { name: 'Supprimer le poste de transfert' });
    fireEvent.click(within(again).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(api.deleteTransferExtension).toHaveBeenCalledWith('00000000-0000-4000-8000-0000000000c1'),
    );
  });

  it('asks first in English before removing a SIP user', async () => {
    const client = testQueryClient();
    seedList(api, client, 'sipUsers', [
      { id: '00000000-0000-4000-8000-0000000000d1', username: 'accueil', displayName: null },
    ]);
    api.deleteSipUser.mockResolvedValue(undefined);
    // The confirmation is opened outside React's tree: it reads the app's current locale, which
    // the app's LocaleProvider sets.
    setCurrentLocale('en-CA');
    onTestFinished(() => void setCurrentLocale('fr-CA'));
    renderWithProviders(
      <ModalsProvider>
        <LinesSection phone={defaultPhoneSettings()} />
      </ModalsProvider>,
      { client, locale: 'en-CA' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove accueil' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove the SIP user' });
    expect(ask.textContent).toContain('Devices signed in with it will no longer receive calls.');
    expect(api.deleteSipUser).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(api.deleteSipUser).toHaveBeenCalledWith('00000000-0000-4000-8000-0000000000d1'),
    );
  });
});
