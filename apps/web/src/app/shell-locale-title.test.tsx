import type { SessionContext } from '@accueil/domain';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { getSessionState, updateSession } from '../lib/session-store';
import { isTitleBlinking, startTitleBlink, stopTitleBlink } from '../lib/title-blink';
import { preloadDeferred } from './deferred';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';

// The simulator itself (socket, directory) is not under test here: only its route.
vi.mock('../features/sandbox-phone/phone-simulator-screen', () => ({
  PhoneSimulatorScreen: () => <p>simulator</p>,
}));
// Nor is the conversations screen (its own tests): only its title and the shell around it.
vi.mock('../features/conversations/conversations-screen', () => ({
  ConversationsScreen: () => <p>conversations</p>,
}));

const team = { id: 't1', label: 'Principal', organizationId: 'o1', phoneNumber: '+15145550100', main: true };
const context = (locale = 'fr-CA') =>
  ({
    user: { id: 'u1', username: 'admin', name: { first: 'Marie', last: 'Tremblay' }, role: 'admin', locale },
    userGroup: team,
    organization: {
      id: 'o1',
      name: 'Clinique du Parc',
      country: 'CA',
      locale: 'fr-CA',
      timeZone: 'America/Toronto',
    },
    userGroups: [team],
    abilities: {},
  }) as unknown as SessionContext;

let navigateTo: (to: string) => void = () => undefined;
function NavigateProbe() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = (to) => void navigate(to);
  }, [navigate]);
  return null;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Providers queryClient={createQueryClient()} router={false}>
        <AppRoutes />
        <NavigateProbe />
      </Providers>
    </MemoryRouter>,
  );
}

type Answer = { status: number; body?: unknown };
function installFetch(answer: (url: string, init: RequestInit) => Answer | null) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(init.body as string) : undefined,
      });
      const a = answer(url, init);
      if (!a) return new Promise(() => undefined);
      return Promise.resolve(new Response(JSON.stringify(a.body ?? {}), { status: a.status }));
    }),
  );
  return calls;
}

// The shell, dialogs and realtime load on demand in the app; loaded here first, they render at once.
beforeAll(preloadDeferred);
beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA']);
  document.title = 'Accueil';
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  stopTitleBlink();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('page title per screen', () => {
  it('names each screen, in the interface language', async () => {
    updateSession({ status: 'signed-in', token: 't', context: context() });
    installFetch(() => null);
    renderAt('/conversations');
    await screen.findByText('conversations');
    expect(document.title).toBe('Conversations · Accueil');
    act(() => navigateTo('/contacts'));
    expect(document.title).toBe('Contacts · Accueil');
    act(() => navigateTo('/faq'));
    expect(document.title).toBe('Foire aux questions · Accueil');
    cleanup();
    updateSession({ status: 'signed-in', token: 't', context: context('en-CA') });
    renderAt('/material/2');
    expect(document.title).toBe('Libraries · Accueil');
  });

  it('the simulator has its own title, following ?lang=', async () => {
    updateSession({ status: 'signed-out', token: null, context: null });
    installFetch(() => null);
    renderAt('/sandbox/phone');
    await screen.findByText('simulator');
    expect(document.title).toBe('Simulateur de téléphone · Accueil');
    cleanup();
    renderAt('/sandbox/phone?lang=en');
    await screen.findByText('simulator');
    expect(document.title).toBe('Phone simulator · Accueil');
  });

  it('a title blink ends on the title of the screen shown now', () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(document, 'hasFocus').mockReturnValue(false);
      updateSession({ status: 'signed-in', token: 't', context: context() });
      installFetch(() => null);
      renderAt('/contacts');
      expect(document.title).toBe('Contacts · Accueil');
      startTitleBlink('Nouveau message');
      expect(document.title).toBe('Nouveau message');
      act(() => navigateTo('/faq'));
      expect(document.title).toBe('Nouveau message');
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(document.title).toBe('Foire aux questions · Accueil');
      act(() => navigateTo('/agenda'));
      expect(document.title).toBe('Agenda · Accueil');
      window.dispatchEvent(new Event('focus'));
      expect(isTitleBlinking()).toBe(false);
      expect(document.title).toBe('Agenda · Accueil');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('language choice in the shell', () => {
  it('switches the interface at once and saves the choice (PUT auth/locale)', async () => {
    updateSession({ status: 'signed-in', token: 't', context: context() });
    const calls = installFetch((url) =>
      url === '/api/auth/locale' ? { status: 200, body: context('en-CA') } : null,
    );
    renderAt('/faq');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Langue de l’interface : Français' }));
    expect(await screen.findByTestId('language-option-fr-FR')).toHaveProperty(
      'textContent',
      'Français (France)',
    );
    await user.click(screen.getByTestId('language-option-en-CA'));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Sign out')).toBeTruthy();
    expect(document.title).toBe('Frequently asked questions · Accueil');
    expect(document.documentElement.lang).toBe('en-CA');
    expect(calls).toContainEqual({ method: 'PUT', url: '/api/auth/locale', body: { locale: 'en-CA' } });
    await waitFor(() => expect(getSessionState().context?.user.locale).toBe('en-CA'));
  });

  it('the login page after a sign-out keeps the language last used here', () => {
    updateSession({ status: 'signed-in', token: 't', context: context('en-CA') });
    installFetch(() => null);
    renderAt('/faq');
    cleanup();
    updateSession({ status: 'signed-out', token: null, context: null });
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(document.title).toBe('Sign in · Accueil');
  });

  it('comes back to the previous language when saving fails', async () => {
    updateSession({ status: 'signed-in', token: 't', context: context() });
    installFetch((url) =>
      url === '/api/auth/locale' ? { status: 500, body: { code: 'internal', message: 'boom' } } : null,
    );
    renderAt('/faq');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('language-menu'));
    await user.click(await screen.findByTestId('language-option-en-CA'));
    await waitFor(() => expect(getSessionState().context?.user.locale).toBe('fr-CA'));
    const toast = (await screen.findByText('Le changement de langue n’a pas pu être enregistré.')).closest(
      '.mantine-Notification-root',
    );
    expect(within(toast as HTMLElement).getByRole('button', { name: 'Fermer' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
  });

  it('labels Mantine’s close buttons in the interface language', async () => {
    updateSession({ status: 'signed-in', token: 't', context: context('en-CA') });
    installFetch(() => null);
    renderAt('/faq');
    await userEvent.setup().click(screen.getByText('Sign out'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    for (const button of screen.getAllByRole('button'))
      expect(button.getAttribute('aria-label') || button.textContent, button.outerHTML).toBeTruthy();
  });
});

describe('side menu keyboard access', () => {
  it('help, report a problem and sign-out are buttons; help says whether it is expanded', async () => {
    updateSession({ status: 'signed-in', token: 't', context: context() });
    installFetch(() => null);
    renderAt('/faq');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const help = within(nav).getByRole('button', { name: 'Aide' });
    expect(help.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(help);
    expect(help.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('button', { name: 'Signaler un problème' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
  });
});

describe('session restore only where a session is needed', () => {
  it('the phone simulator never asks for a refresh; a guarded screen does', async () => {
    updateSession({ status: 'restoring', token: null, context: null });
    const calls = installFetch((url) =>
      url === '/api/auth/refresh' ? { status: 401, body: { code: 'session-expired', message: 'x' } } : null,
    );
    renderAt('/sandbox/phone');
    await screen.findByText('simulator');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
    expect(getSessionState().status).toBe('restoring');
    act(() => navigateTo('/conversations'));
    await waitFor(() => expect(getSessionState().status).toBe('signed-out'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/refresh']);
  });

  it('public pages do not restore either', async () => {
    updateSession({ status: 'restoring', token: null, context: null });
    const calls = installFetch(() => null);
    renderAt('/secure');
    expect(await screen.findByTestId('secure-code', undefined, { timeout: 10_000 })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });
});
