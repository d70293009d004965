import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { PasswordForgotScreen } from './password-forgot-screen';
import { PasswordResetScreen } from './password-reset-screen';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/** Answers each API call by its path; records what was sent. */
function installFetch(route: (path: string, body: unknown) => Reply) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ path, body });
      const reply = route(path, body);
      return Promise.resolve(
        new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'content-type': 'application/json', ...reply.headers },
        }),
      );
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const LINK = {
  purpose: 'reset',
  username: 'mtremblay',
  locale: 'fr-CA',
  expiresAt: '2026-11-23T23:00:00.000Z',
};

function renderReset(url: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/password-reset" element={<PasswordResetScreen />} />
      <Route path="/password-forgot" element={<p>forgot page</p>} />
    </Routes>,
    { route: url },
  );
}

describe('PasswordForgotScreen', () => {
  it('sends the username or e-mail and says a mail went out only if an account matches', async () => {
    const calls = installFetch(() => ({ status: 202, body: null }));
    renderWithProviders(<PasswordForgotScreen />, { route: '/password-forgot' });
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('textbox', { name: "Nom d'utilisateur ou courriel" }),
      ' marie@clinique.test ',
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByTestId('forgot-sent')).textContent).toContain(
      'Si un compte correspond à « marie@clinique.test »',
    );
    expect(screen.getByTestId('forgot-sent').textContent).toContain('60 minutes');
    expect(calls).toEqual([{ path: '/api/auth/password/forgot', body: { login: 'marie@clinique.test' } }]);
  });

  it('asks for a value before sending anything', async () => {
    const calls = installFetch(() => ({ status: 202, body: null }));
    renderWithProviders(<PasswordForgotScreen />, { route: '/password-forgot' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText("Entrez votre nom d'utilisateur ou votre courriel.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says when to retry after too many requests', async () => {
    installFetch(() => ({
      status: 429,
      body: { code: 'too-many-requests', message: 'Too many requests. Retry in 170 seconds.' },
      headers: { 'retry-after': '170' },
    }));
    renderWithProviders(<PasswordForgotScreen />, { route: '/password-forgot' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox'), 'marie');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByTestId('forgot-error')).textContent).toContain(
      'Trop de requêtes. Réessayez dans 170 secondes.',
    );
  });

  it('puts the server’s refusal of the value on the field, in the interface language', async () => {
    installFetch(() => ({
      status: 400,
      body: {
        code: 'validation-failed',
        message: 'Invalid',
        details: [
          { location: 'body', path: 'login', message: 'Too small: expected string to have >=1 characters' },
        ],
      },
    }));
    renderWithProviders(<PasswordForgotScreen />, { route: '/password-forgot', locale: 'en-CA' });
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Username or e-mail' });
    await user.type(field, 'marie');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter your username or e-mail.')).toBeTruthy();
    expect(screen.queryByTestId('forgot-error')).toBeNull();
    expect(screen.queryByTestId('forgot-sent')).toBeNull();
  });
});

describe('PasswordResetScreen', () => {
  it('shows the account, ticks the rules off as the password is typed, sets it, then offers to sign in', async () => {
    const calls = installFetch((path) =>
      path.endsWith('/token')
        ? { status: 200, body: LINK }
        : { status: 200, body: { username: 'mtremblay' } },
    );
    renderReset('/password-reset?token=secret-token-of-the-link-0123456789');
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('mtremblay')).toBeTruthy();
    const password = screen.getByLabelText('Nouveau mot de passe', { selector: 'input' });
    await user.type(password, 'abcdefgh');
    const met = () =>
      [...screen.getByTestId('password-rules').querySelectorAll('[data-met="true"]')].map(
        (li) => li.textContent,
      );
    expect(met()).toEqual(['au moins 8 caractères (respecté)', 'une lettre minuscule (respecté)']);
    await user.type(password, 'A1!');
    expect(met()).toHaveLength(5);
    await user.type(screen.getByLabelText('Confirmez le mot de passe', { selector: 'input' }), 'abcdefghA1!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect((await screen.findByTestId('reset-done')).textContent).toContain('« mtremblay »');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
    expect(calls.at(-1)).toEqual({
      path: '/api/auth/password/reset',
      body: {
        token: 'secret-token-of-the-link-0123456789',
        password: 'abcdefghA1!',
        confirmation: 'abcdefghA1!',
      },
    });
  });

  it('gives each broken rule and a differing confirmation their own message, sending nothing', async () => {
    const calls = installFetch(() => ({ status: 200, body: LINK }));
    renderReset('/password-reset?token=secret-token-of-the-link-0123456789');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' }), 'abcdefgh');
    await user.type(screen.getByLabelText('Confirmez le mot de passe', { selector: 'input' }), 'other');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe doit contenir une lettre majuscule.')).toBeTruthy();
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/password/token']);
  });

  it('puts the server’s broken rule on the password and any other refusal above the fields', async () => {
    let reply: Reply = {
      status: 400,
      body: {
        code: 'validation-failed',
        message: 'Invalid',
        details: [{ location: 'body', path: 'password', message: 'special-character' }],
      },
    };
    const calls = installFetch((path) => (path.endsWith('/token') ? { status: 200, body: LINK } : reply));
    renderReset('/password-reset?token=secret-token-of-the-link-0123456789');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' });
    await user.type(password, 'abcdefghA1!');
    await user.type(screen.getByLabelText('Confirmez le mot de passe', { selector: 'input' }), 'abcdefghA1!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe doit contenir un caractère spécial.')).toBeTruthy();
    // The message is the field's: its description names it.
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Le mot de passe doit contenir un caractère spécial.',
    );
    expect(calls.at(-1)?.body).toEqual({
      token: 'secret-token-of-the-link-0123456789',
      password: 'abcdefghA1!',
      confirmation: 'abcdefghA1!',
    });
    reply = { status: 410, body: { code: 'reset-link-expired', message: 'This link has expired' } };
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect((await screen.findByTestId('reset-error')).textContent).toContain(
      'Ce lien a expiré. Demandez-en un nouveau.',
    );
    expect(screen.queryByTestId('reset-done')).toBeNull();
  });

  it('welcomes an invited person in their own language', async () => {
    installFetch(() => ({ status: 200, body: { ...LINK, purpose: 'invitation', locale: 'en-CA' } }));
    renderReset('/password-reset?token=secret-token-of-the-link-0123456789');
    expect(await screen.findByRole('heading', { name: 'Welcome to Accueil' })).toBeTruthy();
    expect(screen.getByText('Choose the password of your account.')).toBeTruthy();
  });

  it('says an expired link has expired and offers a new one', async () => {
    installFetch(() => ({
      status: 410,
      body: { code: 'reset-link-expired', message: 'This link has expired' },
    }));
    renderReset('/password-reset?token=secret-token-of-the-link-0123456789');
    expect((await screen.findByTestId('reset-link-error')).textContent).toContain(
      'Ce lien a expiré. Demandez-en un nouveau.',
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Demander un nouveau lien' }));
    await waitFor(() => expect(screen.getByText('forgot page')).toBeTruthy());
  });

  it('says a link without its token is incomplete, asking the server nothing', () => {
    const calls = installFetch(() => ({ status: 200, body: LINK }));
    renderReset('/password-reset');
    expect(screen.getByTestId('reset-link-error').textContent).toContain('Ce lien est incomplet.');
    expect(calls).toEqual([]);
  });
});
