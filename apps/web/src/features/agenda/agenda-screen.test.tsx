import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api';
import { renderWithProviders } from '../../test/render-with-providers';
import { AgendaScreen } from './agenda-screen';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

// Each test types and clicks through whole dialogs: more than the 5 s default on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

const api = vi.mocked(apiRequest);
const julie = '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f61';
const marc = '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f62';
const category = '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f63';
const professional = (id: string, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  fullname: `${firstName} ${lastName}`,
  profession: 'Dentiste',
  expertise: '',
  yearsOfExperience: 3,
  languages: ['fr'],
});
const appointment = {
  id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f70',
  professionalId: julie,
  categoryId: category,
  service: 'Examen',
  // 10:00 in Toronto (UTC−5 in November).
  startsAt: '2026-11-28T15:00:00.000Z',
  endsAt: '2026-11-28T15:30:00.000Z',
  durationMinutes: 30,
  status: 'created',
  contactId: null,
  firstName: 'Léa',
  lastName: 'Bouchard',
  birthday: null,
  phone: '+15145550177',
  email: null,
  gender: 'female',
  kit: false,
  extraDocument: false,
  requests: '',
  notes: '',
};

/** The API as the agenda reads it: two professionals, one category on Saturdays, one appointment. */
function answer(_method: string, path: string): Promise<unknown> {
  const answers: Record<string, unknown> = {
    'agenda/settings': { timeZone: 'America/Toronto', openingHours: [] },
    professionals: { items: [professional(julie, 'Julie', 'Gagnon'), professional(marc, 'Marc', 'Roy')] },
    'availability-categories': {
      items: [
        {
          id: category,
          professionalId: julie,
          label: 'Examens',
          colour: '#1c7ed6',
          ranges: [{ day: 6, start: '09:00', end: '12:00' }],
        },
      ],
    },
    appointments: { items: [appointment] },
  };
  return Promise.resolve(answers[path] ?? { items: [], startsAt: [] });
}

describe('AgendaScreen', () => {
  beforeEach(() => {
    // Saturday 28 November 2026, 10:00 in Toronto; only Date is faked (timers stay real).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T15:00:00.000Z'));
    api.mockReset();
    api.mockImplementation(answer);
  });
  afterEach(() => vi.useRealTimers());

  it('names the day in French as French writes it: "samedi 28 nov."', async () => {
    renderWithProviders(<AgendaScreen />, { route: '/agenda' });
    expect(await screen.findByText('samedi 28 nov.')).toBeTruthy();
    expect(screen.queryByText('samedi nov. 28')).toBeNull();
    expect(screen.getByText('Heures de America/Toronto')).toBeTruthy();
  });

  it('names the day in English as Intl writes it for en-CA', async () => {
    renderWithProviders(<AgendaScreen />, { route: '/agenda', locale: 'en-CA' });
    expect(await screen.findByText('Saturday, Nov 28')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByText('November 2026')).toBeTruthy();
  });

  it("draws each professional's column, the appointment at the organisation's wall clock and the availability behind it", async () => {
    renderWithProviders(<AgendaScreen />, { route: '/agenda' });
    expect(await screen.findByText('Léa Bouchard · Examen')).toBeTruthy();
    expect(screen.getAllByText('Julie Gagnon').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Marc Roy').length).toBeGreaterThan(0);
    const event = screen.getByText('Léa Bouchard · Examen').closest('.rbc-event') as HTMLElement;
    expect(within(event).getByText('10:00 – 10:30')).toBeTruthy();
    expect(event.style.backgroundColor).toBe('#1c7ed6');
    expect(screen.getByText('Examens')).toBeTruthy();
    const call = api.mock.calls.find(([, path]) => path === 'appointments')!;
    expect(call[2]).toMatchObject({
      query: { from: '2026-11-28T05:00:00.000Z', to: '2026-11-29T05:00:00.000Z' },
    });
  });

  it('shows the month in French and opens an appointment to edit it', async () => {
    renderWithProviders(<AgendaScreen />, { route: '/agenda' });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Léa Bouchard · Examen'));
    expect(await screen.findByRole('dialog', { name: 'Rendez-vous' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mois' }));
    expect(await screen.findByText('novembre 2026')).toBeTruthy();
  });

  it('says when there is no professional to book with, and the button to book is off', async () => {
    api.mockImplementation((method, path) =>
      path === 'professionals' ? Promise.resolve({ items: [] }) : answer(method, path),
    );
    renderWithProviders(<AgendaScreen />, { route: '/agenda' });
    expect(await screen.findByText(/Ajoutez des professionnels/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nouveau rendez-vous' }).hasAttribute('disabled')).toBe(true);
  });
});
