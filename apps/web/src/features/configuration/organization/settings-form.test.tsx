import type { OrganizationSettings } from '@accueil/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SettingsForm } from './settings-form';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));
const ability = vi.hoisted(() => ({ edit: true }));
vi.mock('../../../lib/use-ability', () => ({ useAbility: () => ability.edit }));

const api = vi.mocked(apiRequest);
const settings: OrganizationSettings = {
  id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f90',
  name: 'Clinique du Parc',
  names: { 'fr-CA': 'Clinique du Parc' },
  locale: 'fr-CA',
  logoUrl: null,
  country: 'CA',
  sector: null,
  services: [],
  website: 'www.cliniqueduparc.ca',
  phone: '+15145550100',
  email: 'accueil@cliniqueduparc.ca',
  address: null,
  expertises: [],
  timeZone: 'America/Toronto',
  options: {
    twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
    voiceQueue: { enabled: false, notification: false },
    auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: false },
    endOlderSessionOnNewSignIn: false,
  },
};

describe('SettingsForm (organisation tab)', () => {
  beforeEach(() => {
    ability.edit = true;
    api.mockReset();
    api.mockImplementation((method) => Promise.resolve(method === 'PUT' ? settings : { items: [] }));
  });

  it('refuses an invalid e-mail under its field, in French, and saves nothing until it is fixed', async () => {
    renderWithProviders(<SettingsForm initial={settings} />);
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: 'Courriel' });
    await user.clear(email);
    await user.type(email, 'accueil@');
    expect(await screen.findByText('Adresse courriel invalide.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Corrigez les erreurs indiquées avant d’enregistrer.');
    expect(screen.getByRole('button', { name: 'Enregistrer' }).hasAttribute('disabled')).toBe(true);

    await user.type(email, 'cliniqueduparc.ca');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const put = await vi.waitFor(() => {
      const call = api.mock.calls.find(([method]) => method === 'PUT');
      if (!call) throw new Error('no PUT yet');
      return call;
    });
    expect(put[2]).toMatchObject({
      body: { email: 'accueil@cliniqueduparc.ca', timeZone: 'America/Toronto' },
    });
    // Typing key by key re-checks the whole form each time: 17 s alone on a loaded 2-core machine,
    // past 20 s in a whole run; the web project's 30 s (vitest.config.ts) gives it room.
  });

  it("shows the server's refusal under the field it names until that field changes", async () => {
    api.mockImplementation((method) =>
      method === 'PUT'
        ? Promise.reject(
            new ApiError(400, 'validation-failed', 'invalid', [{ path: 'phone', message: 'phone-invalid' }]),
          )
        : Promise.resolve({ items: [] }),
    );
    renderWithProviders(<SettingsForm initial={settings} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Numéro de téléphone invalide.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '1');
    expect(screen.queryByText('Numéro de téléphone invalide.')).toBeNull();
  });

  it('puts a refusal of one name on that name’s field, in the interface language', async () => {
    api.mockImplementation((method) =>
      method === 'PUT'
        ? Promise.reject(
            new ApiError(400, 'validation-failed', 'invalid', [
              { location: 'body', path: 'body.names.en-CA', message: 'max-length' },
            ]),
          )
        : Promise.resolve({ items: [] }),
    );
    renderWithProviders(<SettingsForm initial={settings} />, { locale: 'en-CA' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Name (English, Canada)' });
    await vi.waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/^This text is too long: \d+ characters at most\.$/)).toBeTruthy();
  });

  it('is read-only, without a save button, for who may not change the configuration', () => {
    ability.edit = false;
    renderWithProviders(<SettingsForm initial={settings} />);
    expect(screen.getByRole('textbox', { name: 'Courriel' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
