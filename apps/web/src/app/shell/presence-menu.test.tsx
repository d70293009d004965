import type { SessionContext } from '@accueil/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, updateSession } from '../../lib/session-store';
import { renderWithProviders } from '../../test/render-with-providers';
import { PresenceMenu } from './presence-menu';

const realtime = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../lib/realtime', () => ({
  useRealtimeEvent: (name: string, handler: (payload: unknown) => void) =>
    realtime.handlers.set(name, handler),
}));

const USER = '11111111-1111-4111-8111-111111111111';
function signedIn(status: string) {
  const context = {
    user: { id: USER, status, locale: 'fr-CA', name: { first: 'Julie', last: 'Roy' } },
    organization: { id: 'o-1', name: 'Clinique' },
    userGroups: [],
    abilities: {},
  } as unknown as SessionContext;
  updateSession({ status: 'signed-in', token: 't', context });
}
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('the presence menu', () => {
  it("shows the user's presence, live: online once their browser is connected", () => {
    signedIn('offline');
    renderWithProviders(<PresenceMenu />);
    expect(screen.getByRole('button', { name: 'Statut : Hors ligne' })).toBeTruthy();
    act(() => realtime.handlers.get('presence:updated')!({ userId: USER, status: 'online' }));
    expect(screen.getByRole('button', { name: 'Statut : En ligne' })).toBeTruthy();
    act(() =>
      realtime.handlers.get('presence:updated')!({
        userId: '22222222-2222-4222-8222-222222222222',
        status: 'busy',
      }),
    );
    expect(screen.getByTestId('presence-menu').dataset.status).toBe('online');
  });

  it('saves a chosen status; a refusal brings the previous one back', async () => {
    signedIn('online');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() => json({ status: 'away' }));
    const user = userEvent.setup();
    renderWithProviders(<PresenceMenu />, { locale: 'en-CA' });
    await user.click(screen.getByRole('button', { name: 'Status: Online' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Away', hidden: true }));
    expect(screen.getByTestId('presence-menu').dataset.status).toBe('away');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('/api/auth/status');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ status: 'away' });

    fetch.mockImplementationOnce(() => json({ code: 'internal', message: 'boom' }, 500));
    await user.click(screen.getByRole('button', { name: 'Status: Away' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Busy', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('presence-menu').dataset.status).toBe('away'));
  });
});
