import { summarizeFigures, type StatisticsReport } from '@accueil/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/endpoint-client';
import { renderWithProviders } from '../../test/render-with-providers';
import StatisticsScreen from './statistics-screen';

vi.mock('../../lib/endpoint-client', () => ({ api: { call: vi.fn() } }));
vi.mock('../../lib/use-ability', () => ({ useAbility: () => true }));
const call = vi.mocked(api.call) as unknown as ReturnType<
  typeof vi.fn<(e: { path: string }) => Promise<unknown>>
>;

const figures = summarizeFigures([
  {
    day: '2026-11-23',
    teamId: 'a',
    conversationsOpened: 2,
    textsIn: 4,
    textsOut: 3,
    firstResponseSeconds: [120, 600, 3600],
    callsAnswered: 1,
    callsMissed: 1,
    callsVoicemail: 0,
  },
]);
const report: StatisticsReport = {
  from: '2026-11-22',
  to: '2026-11-28',
  timeZone: 'America/Toronto',
  computedAt: '2026-11-29T12:07:00.000Z',
  totals: figures,
  byTeam: [{ userGroupId: '11111111-1111-4111-8111-111111111111', label: 'Accueil', figures }],
  byDay: [{ day: '2026-11-23', figures }],
  byMonth: [{ month: '2026-11', figures }],
};

describe('StatisticsScreen', () => {
  it('shows the span’s figures and a row per team', async () => {
    call.mockImplementation((endpoint) => Promise.resolve(endpoint.path === '/api/statistics' ? report : []));
    renderWithProviders(<StatisticsScreen />);
    expect((await screen.findByTestId('statistics-textsIn')).textContent).toBe('4');
    expect(screen.getByTestId('statistics-firstResponseMedian').textContent).toBe('10 min');
    expect(screen.getByTestId('statistics-firstResponseP90').textContent).toBe('1 h');
    const table = screen.getByRole('table', { name: 'Par équipe' });
    expect(within(table).getByRole('rowheader', { name: 'Accueil' })).toBeTruthy();
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/api/statistics' }),
      expect.objectContaining({ query: { from: expect.any(String), to: expect.any(String) } }),
    );
  });

  it('charts a span longer than a quarter per month (the report has no days), per day otherwise', async () => {
    const long: StatisticsReport = {
      ...report,
      from: '2025-12-01',
      to: '2026-11-28',
      byDay: [],
      byMonth: [
        { month: '2025-12', figures },
        { month: '2026-01', figures },
      ],
    };
    call.mockImplementation((endpoint) => Promise.resolve(endpoint.path === '/api/statistics' ? long : []));
    renderWithProviders(<StatisticsScreen />);
    expect(await screen.findByRole('heading', { name: 'Textos par mois' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Appels par mois' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Délai de première réponse par mois' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Textos par jour' })).toBeNull();
  });
});
