import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { updateSession } from '../../lib/session-store';
import { LoginScreen } from './login-screen';

/** happy-dom's control of the page's address (to load the page over https). */
const happyDom = (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM;

function renderLogin(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Providers queryClient={createQueryClient()} router={false}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/conversations" element={<p>conversations screen</p>} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
}

function answerLogin(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers }))),
  );
}

async function fillAndSubmit(username = 'admin', password = 'secret') {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /utilisateur|username/i }), username);
  await user.type(screen.getByLabelText(/mot de passe|password/i, { selector: 'input' }), password);
  await user.click(screen.getByTestId('login-submit'));
}

function mockMatchMedia(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
  mockMatchMedia(() => false);
  updateSession({ status: 'signed-out', token: null, context: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login screen (/login)', () => {
  it('speaks fr-CA by default and English with ?lang=en', async () => {
    renderLogin('/login');
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
    cleanup();
    // English texts are fetched before the page draws (fr-CA's come with the first load).
    renderLogin('/login?lang=en');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('says the session has expired when ?expired= is present', () => {
    renderLogin('/login?expired=1700000000000');
    expect(screen.getByTestId('session-expired').textContent).toContain('Votre session a expiré');
  });

  it('shows invalid credentials on a 401', async () => {
    answerLogin(401, { code: 'invalid-credentials', message: 'Invalid username or password.' });
    renderLogin('/login');
    await fillAndSubmit();
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      "Nom d'utilisateur ou mot de passe invalide.",
    );
  });

  it("shows 'Too many attempts.' with the Retry-After delay on a 429", async () => {
    answerLogin(429, { code: 'too-many-attempts', message: 'Too many attempts.' }, { 'Retry-After': '540' });
    renderLogin('/login?lang=en');
    await fillAndSubmit();
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('Too many attempts.');
    expect(alert.textContent).toContain('Try again in 9 minutes.');
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin('/login');
    await userEvent.setup().click(screen.getByTestId('login-submit'));
    expect(await screen.findByText("Entrez votre nom d'utilisateur.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves focus to the first empty field and clears each error as it is filled in', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin('/login');
    const user = userEvent.setup();
    const username = screen.getByLabelText("Nom d'utilisateur");
    await user.type(username, '   ');
    await user.click(screen.getByTestId('login-submit'));
    // Spaces alone are no username; the password is missing too.
    expect(await screen.findByText("Entrez votre nom d'utilisateur.")).toBeTruthy();
    expect(screen.getByText('Entrez votre mot de passe.')).toBeTruthy();
    expect(document.activeElement).toBe(username);
    await user.type(username, 'admin');
    expect(screen.queryByText("Entrez votre nom d'utilisateur.")).toBeNull();
    expect(screen.getByText('Entrez votre mot de passe.')).toBeTruthy();
    await user.click(screen.getByTestId('login-submit'));
    expect(document.activeElement).toBe(screen.getByLabelText('Mot de passe'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the conversations after signing in', async () => {
    answerLogin(200, {
      jwt: 'j',
      user: { locale: 'fr-CA' },
      userGroup: null,
      organization: {},
      userGroups: [],
    });
    renderLogin('/login');
    await fillAndSubmit();
    expect(await screen.findByText('conversations screen')).toBeTruthy();
  });

  it('warns small touch devices below 1024 px', () => {
    mockMatchMedia((q) => q.includes('max-width: 1023px') || q.includes('pointer: coarse'));
    renderLogin('/login');
    expect(screen.getByTestId('small-screen-alert').textContent).toContain('1024');
  });

  it('saves the language chosen on the login page with the sign-in; none without ?lang=', async () => {
    answerLogin(200, {
      jwt: 'j',
      user: { locale: 'en-CA' },
      userGroup: null,
      organization: {},
      userGroups: [],
    });
    renderLogin('/login?lang=en');
    await fillAndSubmit();
    await screen.findByText('conversations screen');
    const fetchMock = vi.mocked(fetch);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(init!.body as string)).toEqual({
      username: 'admin',
      password: 'secret',
      locale: 'en-CA',
    });
    cleanup();
    updateSession({ status: 'signed-out', token: null, context: null });
    answerLogin(200, {
      jwt: 'j',
      user: { locale: 'fr-CA' },
      userGroup: null,
      organization: {},
      userGroups: [],
    });
    renderLogin('/login');
    await fillAndSubmit();
    await screen.findByText('conversations screen');
    expect(JSON.parse(vi.mocked(fetch).mock.calls[0]![1]!.body as string)).toEqual({
      username: 'admin',
      password: 'secret',
    });
  });

  it('titles the page and labels the password eye in the page’s language', () => {
    renderLogin('/login');
    expect(document.title).toBe('Connexion · Accueil');
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe', hidden: true })).toBeTruthy();
    cleanup();
    renderLogin('/login?lang=en');
    expect(document.title).toBe('Sign in · Accueil');
    expect(screen.getByRole('button', { name: 'Show password', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Toggle password visibility', hidden: true })).toBeNull();
  });

  it('restores an existing session on page load and goes on; not when the session just expired', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        if (url === '/api/auth/refresh')
          return Promise.resolve(new Response(JSON.stringify({ jwt: 'j2' }), { status: 200 }));
        return Promise.resolve(
          new Response(
            JSON.stringify({ user: { locale: 'fr-CA' }, userGroup: null, organization: {}, userGroups: [] }),
            { status: 200 },
          ),
        );
      }),
    );
    updateSession({ status: 'restoring', token: null, context: null });
    renderLogin('/login');
    expect(await screen.findByText('conversations screen')).toBeTruthy();
    expect(urls).toEqual(['/api/auth/refresh', '/api/auth/profile']);
    cleanup();
    urls.length = 0;
    updateSession({ status: 'restoring', token: null, context: null });
    renderLogin('/login?expired=1700000000000');
    expect(await screen.findByTestId('session-expired')).toBeTruthy();
    expect(urls).toEqual([]);
  });

  it("says 'Connexion chiffrée' only when the page came over https", () => {
    const httpUrl = window.location.href;
    renderLogin('/login');
    expect(window.location.protocol).toBe('http:');
    expect(screen.queryByTestId('login-encrypted')).toBeNull();
    expect(screen.queryByText('Connexion chiffrée')).toBeNull();
    cleanup();
    happyDom.setURL('https://accueil.example/login');
    try {
      renderLogin('/login');
      expect(screen.getByTestId('login-encrypted').textContent).toBe('Connexion chiffrée');
    } finally {
      happyDom.setURL(httpUrl);
    }
  });
});
