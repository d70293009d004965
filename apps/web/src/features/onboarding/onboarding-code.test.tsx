import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { OnboardingScreen } from './onboarding-screen';

type Reply = { status: number; body?: unknown };

/** Answers each API call by its path; records what was sent. */
function installFetch(route: (path: string) => Reply) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const reply = route(path);
      return Promise.resolve(
        new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const CHECK = '/api/onboarding/invitation-codes/check';

describe('Onboarding: the invitation code step', () => {
  it('asks for a code without sending anything, then sends the code and goes on to the clinic', async () => {
    const calls = installFetch(() => ({ status: 200, body: { valid: true } }));
    renderWithProviders(<OnboardingScreen />, { route: '/onboarding' });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('onboarding-next'));
    expect(await screen.findByText('Obligatoire.')).toBeTruthy();
    expect(calls.filter((c) => c.path === CHECK)).toEqual([]);

    await user.type(screen.getByTestId('invitation-code'), ' abcd-efgh-jkmn ');
    await user.click(screen.getByTestId('onboarding-next'));
    await waitFor(() => expect(screen.queryByTestId('invitation-code')).toBeNull());
    expect(calls.filter((c) => c.path === CHECK)).toEqual([
      { path: CHECK, body: { code: 'abcd-efgh-jkmn' } },
    ]);
  });

  it('says a refused code under its field, in the interface language, and stays on the step', async () => {
    installFetch(() => ({
      status: 400,
      body: { code: 'invitation-code-invalid', message: 'The invitation code is not valid' },
    }));
    renderWithProviders(<OnboardingScreen />, { route: '/onboarding?code=WXYZ-WXYZ-WXYZ', locale: 'en-CA' });
    const field = screen.getByTestId('invitation-code');
    expect((field as HTMLInputElement).value).toBe('WXYZ-WXYZ-WXYZ');
    await userEvent.setup().click(screen.getByTestId('onboarding-next'));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The invitation code is invalid. Please check and try again.')).toBeTruthy();
    expect(screen.getByTestId('invitation-code')).toBe(field);
  });
});

describe('Onboarding: the steps after the code', () => {
  it('refuses a clinic step with its problems on their fields, the first focused, re-checks them as they are fixed, then goes on', async () => {
    const calls = installFetch((path) => ({ status: 200, body: path === CHECK ? { valid: true } : [] }));
    renderWithProviders(<OnboardingScreen />, { route: '/onboarding?code=ABCD-EFGH-JKMN' });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('onboarding-next'));
    const name = await screen.findByTestId('clinic-name-fr-CA');
    await user.click(screen.getByTestId('onboarding-next'));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const sector = screen.getByTestId('clinic-sector');
    expect(sector.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.getByText('Veuillez corriger les champs indiqués.')).toBeTruthy();

    // Fixing the name takes its problem away; the sector's stays; nothing new is added.
    await user.type(name, 'Clinique des Érables');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
    expect(sector.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Obligatoire.')).toHaveLength(1);

    await user.click(sector);
    await user.click(await screen.findByRole('option', { name: 'Dentaire', hidden: true }));
    await user.click(screen.getByTestId('onboarding-next'));
    expect(await screen.findByRole('heading', { name: 'Équipes' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/onboarding')).toEqual([]);
  });
});
