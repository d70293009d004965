import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError, apiRequest } from '../../lib/api';
import { setCurrentLocale } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render-with-providers';
import { ProfessionalsScreen } from './professionals-screen';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
const ability = vi.hoisted(() => ({ manage: true }));
vi.mock('../../lib/use-ability', () => ({ useAbility: () => ability.manage }));

// Each test types and clicks through whole dialogs: more than the 5 s default on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

const api = vi.mocked(apiRequest);
const julie = {
  id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f61',
  firstName: 'Julie',
  lastName: 'Gagnon',
  fullname: 'Julie Gagnon',
  profession: 'Dentiste',
  expertise: 'Orthodontie',
  yearsOfExperience: 12,
  languages: ['fr', 'en'],
};

function renderScreen(locale: 'fr-CA' | 'en-CA' = 'fr-CA') {
  return renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <ProfessionalsScreen />
    </ModalsProvider>,
    { route: '/members', locale },
  );
}

describe('ProfessionalsScreen', () => {
  beforeEach(() => {
    ability.manage = true;
    api.mockReset();
    api.mockImplementation((method, path) =>
      Promise.resolve(method === 'GET' && path === 'professionals' ? { items: [julie] } : julie),
    );
  });

  it('lists the professionals the API answers, with their years and languages, each leading to their availabilities', async () => {
    renderScreen();
    const link = await screen.findByRole('link', { name: 'Julie Gagnon' });
    expect(link.getAttribute('href')).toBe(`/members/${julie.id}/availabilities`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Dentiste')).toBeTruthy();
    expect(within(row).getByText('Orthodontie')).toBeTruthy();
    expect(within(row).getByText('12 ans')).toBeTruthy();
    expect(within(row).getByText('français')).toBeTruthy();
    expect(within(row).getByText('anglais')).toBeTruthy();
  });

  it('says when there is no professional yet', async () => {
    api.mockResolvedValue({ items: [] });
    renderScreen();
    expect(await screen.findByText("Aucun professionnel pour l'instant.")).toBeTruthy();
  });

  it('adds a professional with what was typed, and refuses to send an empty form', async () => {
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un professionnel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau professionnel' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getAllByText('Obligatoire').length).toBeGreaterThanOrEqual(4);
    expect(api.mock.calls.some(([method]) => method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Marc');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Roy');
    await user.type(within(dialog).getByRole('textbox', { name: 'Profession' }), 'Hygiéniste');
    await user.type(within(dialog).getByRole('textbox', { name: 'Expertise' }), 'Parodontie');
    await user.click(within(dialog).getByLabelText(/^Langues/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'français', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Professionnel ajouté')).toBeTruthy();
    const post = api.mock.calls.find(([method]) => method === 'POST')!;
    expect(post[1]).toBe('professionals');
    expect(post[2]).toMatchObject({
      body: {
        firstName: 'Marc',
        lastName: 'Roy',
        profession: 'Hygiéniste',
        expertise: 'Parodontie',
        yearsOfExperience: 0,
        languages: ['fr'],
      },
    });
  });

  it('edits a professional and shows a refusal to remove one with appointments, in the language of the interface', async () => {
    // The LocaleProvider sets the toasts' language with the interface's.
    setCurrentLocale('en-CA');
    onTestFinished(() => void setCurrentLocale('fr-CA'));
    renderScreen('en-CA');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Julie Gagnon' }));
    const dialog = await screen.findByRole('dialog');
    const expertise = within(dialog).getByRole('textbox', { name: 'Expertise' });
    await user.clear(expertise);
    await user.type(expertise, 'Implants');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const put = await vi.waitFor(() => {
      const call = api.mock.calls.find(([method]) => method === 'PUT');
      if (!call) throw new Error('no PUT yet');
      return call;
    });
    expect(put[1]).toBe(`professionals/${julie.id}`);
    expect(put[2]).toMatchObject({ body: { expertise: 'Implants', languages: ['fr', 'en'] } });

    api.mockImplementation((method, path) =>
      method === 'DELETE'
        ? Promise.reject(new ApiError(409, 'professional-has-appointments'))
        : Promise.resolve(path === 'professionals' ? { items: [julie] } : julie),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Julie Gagnon' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(
      api.mock.calls.some(([method, path]) => method === 'DELETE' && path === `professionals/${julie.id}`),
    ).toBe(true);
    expect(
      await screen.findByText('This professional still has appointments: cancel or move them first.'),
    ).toBeTruthy();
  });

  it('offers no change to who may not manage professionals', async () => {
    ability.manage = false;
    renderScreen();
    await screen.findByRole('link', { name: 'Julie Gagnon' });
    expect(screen.queryByRole('button', { name: 'Ajouter un professionnel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier Julie Gagnon' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Disponibilités de Julie Gagnon' })).toBeTruthy();
  });
});
