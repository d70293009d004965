import { DEFAULT_SERVICE_STATUS, type ServiceStatus, type SessionContext } from '@accueil/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, updateSession } from '../../lib/session-store';
import { renderWithProviders } from '../../test/render-with-providers';
import { MaintenanceOverlay } from './maintenance-overlay';
import { ServiceStatusBanner } from './service-status-banner';

const realtime = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../lib/realtime', () => ({
  useRealtimeEvent: (name: string, handler: (payload: unknown) => void) =>
    realtime.handlers.set(name, handler),
}));

const status = (over: Partial<ServiceStatus>): ServiceStatus => ({
  ...DEFAULT_SERVICE_STATUS,
  enabled: true,
  updatedAt: '2026-11-29T09:00:00.000Z',
  ...over,
});

let served: ServiceStatus;
let asked: number;
beforeEach(() => {
  asked = 0;
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/api/status')) return Promise.reject(new Error(`unexpected ${url}`));
    asked += 1;
    return Promise.resolve(
      new Response(JSON.stringify(served), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  clearSession();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function signedInAs(role: string) {
  updateSession({
    status: 'signed-in',
    token: 't',
    context: {
      user: { id: 'u-1', role, locale: 'fr-CA', name: { first: 'Julie', last: 'Roy' } },
      organization: { id: 'o-1', name: 'Clinique' },
      userGroups: [],
      abilities: {},
    } as unknown as SessionContext,
  });
}

describe('the maintenance banner', () => {
  it('shows nothing while the service is operational and nothing is set', async () => {
    served = DEFAULT_SERVICE_STATUS;
    renderWithProviders(<ServiceStatusBanner />);
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByTestId('service-status-banner')).toBeNull();
  });

  it("shows the status's own sentence in its colour, an outage as an alert", async () => {
    served = status({ status: 'major_outage' });
    renderWithProviders(<ServiceStatusBanner />);
    const banner = await screen.findByRole('alert', { name: 'État du service' });
    expect(banner.textContent).toContain('Accueil est en panne. Nous travaillons à rétablir le service.');
    expect(banner.dataset.status).toBe('major_outage');
  });

  it("shows the operators' text of the interface's locale and the planned window in the reader's words", async () => {
    served = status({
      status: 'under_maintenance',
      bannerText: { 'fr-CA': 'Mise à jour', 'en-CA': 'Upgrade of the phones', 'fr-FR': '' },
      nextWindowAt: '2030-12-07T12:00:00.000Z',
      plannedDurationMinutes: 90,
    });
    renderWithProviders(<ServiceStatusBanner />, { locale: 'en-CA' });
    const banner = await screen.findByRole('status', { name: 'Service status' });
    expect(banner.textContent).toContain('Upgrade of the phones');
    expect(banner.textContent).toMatch(
      /Maintenance planned on Saturday, December 7, 2030.*until Saturday, December 7, 2030/,
    );
  });

  it('a closed banner stays closed in this browser until the status changes, and a change arrives live', async () => {
    served = status({ status: 'degraded_performance' });
    renderWithProviders(<ServiceStatusBanner />);
    await screen.findByTestId('service-status-banner');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Masquer ce bandeau' }));
    expect(screen.queryByTestId('service-status-banner')).toBeNull();
    expect(localStorage.getItem('accueil.serviceStatus.dismissed')).toBe('2026-11-29T09:00:00.000Z');

    act(() =>
      realtime.handlers.get('service-status:updated')!({
        status: status({ status: 'partial_outage', updatedAt: '2026-11-29T10:00:00.000Z' }),
      }),
    );
    expect((await screen.findByTestId('service-status-banner')).dataset.status).toBe('partial_outage');
  });

  it('cannot be closed when the status says so', async () => {
    served = status({ dismissable: false });
    renderWithProviders(<ServiceStatusBanner />);
    await screen.findByTestId('service-status-banner');
    expect(screen.queryByRole('button', { name: 'Masquer ce bandeau' })).toBeNull();
  });

  it('asks the status again every 2 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    served = DEFAULT_SERVICE_STATUS;
    renderWithProviders(<ServiceStatusBanner />);
    await waitFor(() => expect(asked).toBe(1));
    served = status({ status: 'under_maintenance' });
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(asked).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(asked).toBe(2));
    expect(await screen.findByTestId('service-status-banner')).toBeTruthy();
  });
});

describe('the maintenance page', () => {
  it('covers the app with the status text while asked, for a user', async () => {
    signedInAs('user');
    served = status({
      status: 'under_maintenance',
      overlay: true,
      bannerText: { 'fr-CA': 'Retour vers 8 h', 'en-CA': '', 'fr-FR': '' },
    });
    renderWithProviders(<MaintenanceOverlay />);
    const page = await screen.findByRole('dialog', { name: 'Service momentanément indisponible' });
    expect(page.textContent).toContain('Retour vers 8 h');
    expect(page.textContent).toContain('Cette page se mettra à jour d’elle-même');
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('never covers a devops user’s screens: they lift it', async () => {
    signedInAs('devops');
    served = status({ overlay: true });
    renderWithProviders(<MaintenanceOverlay />);
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
