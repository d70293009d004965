import type { SessionContext } from '@accueil/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { updateSession } from '../lib/session-store';
import { preloadDeferred } from './deferred';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';

const team = (id: string, label: string) => ({
  id,
  label,
  organizationId: 'o1',
  phoneNumber: '+15145550100',
  main: id === 't1',
});
const context = {
  user: {
    id: 'u1',
    username: 'admin',
    name: { first: 'Marie', last: 'Tremblay' },
    role: 'admin',
    locale: 'fr-CA',
  },
  userGroup: team('t1', 'Principal'),
  organization: {
    id: 'o1',
    name: 'Clinique du Parc',
    country: 'CA',
    locale: 'fr-CA',
    timeZone: 'America/Toronto',
  },
  userGroups: [team('t1', 'Principal'), team('t2', 'Soins')],
} as unknown as SessionContext;

function Probe() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="path" data-search={search}>
      {pathname}
    </output>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Providers queryClient={createQueryClient()} router={false}>
        <AppRoutes />
        <Probe />
      </Providers>
    </MemoryRouter>,
  );
}

// The shell, dialogs and realtime load on demand in the app; loaded here first, they render at once.
beforeAll(preloadDeferred);
beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA']);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('routes and shell', () => {
  it('sends visitors without a session from a protected route to /login', () => {
    updateSession({ status: 'signed-out', token: null, context: null });
    renderAt('/contacts');
    expect(screen.getByTestId('path').textContent).toBe('/login');
  });

  it('sends to /login?expired=<timestamp> when the session has expired', () => {
    updateSession({ status: 'signed-out', token: null, context: null, expiredAt: 1_700_000_000_000 });
    renderAt('/conversations');
    expect(screen.getByTestId('path').textContent).toBe('/login');
    expect(screen.getByTestId('path').dataset.search).toBe('?expired=1700000000000');
    expect(screen.getByTestId('session-expired')).toBeTruthy();
    updateSession({ expiredAt: null });
  });

  it('redirects any other path to /login, or to /conversations when signed in', () => {
    updateSession({ status: 'signed-out', token: null, context: null });
    renderAt('/nowhere/at/all');
    expect(screen.getByTestId('path').textContent).toBe('/login');
    cleanup();
    updateSession({ status: 'signed-in', token: 't', context });
    renderAt('/nowhere');
    expect(screen.getByTestId('path').textContent).toBe('/conversations');
  });

  it('renders the library (the menu’s libraries, /material/2) inside the shell', async () => {
    updateSession({ status: 'signed-in', token: 't', context });
    renderAt('/material/2');
    expect(
      await screen.findByRole('heading', { name: 'Bibliothèques', level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    for (const label of [
      'Conversations',
      'Réponses rapides',
      'Bibliothèques',
      'Contacts',
      'Configuration',
      'FAQ',
      'Aide',
      'Version 5.5.1',
      'Déconnexion',
    ]) {
      expect(within(nav).getByText(label)).toBeTruthy();
    }
    expect(within(nav).queryByText('DevOps')).toBeNull();
  });

  it('opens public pages without a session and without the menu', async () => {
    updateSession({ status: 'signed-out', token: null, context: null });
    renderAt('/secure');
    expect(await screen.findByTestId('secure-code', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('asks for confirmation before signing out', async () => {
    updateSession({ status: 'signed-in', token: 't', context });
    renderAt('/faq');
    await userEvent.setup().click(screen.getByText('Déconnexion'));
    expect(await screen.findByText('Se déconnecter ?')).toBeTruthy();
    expect(screen.getByTestId('logout-confirm')).toBeTruthy();
  });

  it('lists the user’s teams in the switcher', async () => {
    updateSession({ status: 'signed-in', token: 't', context });
    renderAt('/faq');
    await userEvent.setup().click(screen.getByTestId('team-switcher'));
    expect(await screen.findByTestId('team-option-t2')).toBeTruthy();
    expect(screen.getByText('Soins')).toBeTruthy();
  });
});
