import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Signs in as the demo administrator (fr-CA) and waits for the inbox with its realtime connection up. */
export function signInAsAdmin(page: Page): Promise<void> {
  return signInAsDemoUser(page, 'admin');
}

/**
 * Signs in as a demo user of Clinique Démo (`admin`, `agent`, `devops`) in fr-CA and waits for the
 * inbox with its realtime connection up. `?lang=fr` makes French the user's saved language: a
 * journey before may have left this user in English (the onboarding journey's en-CA run does).
 */
export async function signInAsDemoUser(page: Page, username: string): Promise<void> {
  await page.goto('/login?lang=fr');
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');
}

/**
 * Saves `locale` as a demo user's language through the API (`PUT /api/auth/locale`), whatever
 * state a failed journey left its pages in (an open dialog over the language menu). Signing in
 * ends the user's other sessions: call it once the user's pages are closed. Use Playwright's
 * `request` fixture, whose cookies are not a page's.
 */
export async function saveDemoUserLocale(
  request: APIRequestContext,
  username: string,
  locale: 'fr-CA' | 'en-CA',
): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { username, password: 'Demo-Accueil-2026' },
  });
  expect(login.ok()).toBe(true);
  const { jwt } = (await login.json()) as { jwt: string };
  const saved = await request.put('/api/auth/locale', {
    data: { locale },
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(saved.ok()).toBe(true);
}
