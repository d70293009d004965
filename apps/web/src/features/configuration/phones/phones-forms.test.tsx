import {
  defaultOrganizationOptions,
  defaultPhoneSettings,
  type OrganizationSettings,
  type TeamConfig,
} from '@accueil/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders, testQueryClient } from '../../../test/render-with-providers';
import { phonesKeys } from './api';
import { CallsSection } from './calls-section';
import { LinesSection } from './lines-section';

const api = vi.hoisted(() => ({ savePhoneSettings: vi.fn(), createSipUser: vi.fn() }));
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
    client.setQueryData(phonesKeys.sipUsers, []);
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
    client.setQueryData(phonesKeys.sipUsers, []);
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
