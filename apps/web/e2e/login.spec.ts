import { expect, test } from '@playwright/test';

/**
 * Smoke journey: the demo administrator signs in (fr-CA by default) and reaches the
 * conversations inside the shell, with the realtime connection up; then signs out.
 */
test('admin signs in, sees the conversations, signs out', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();

  await page.getByLabel("Nom d'utilisateur").fill('admin');
  await page.getByLabel('Mot de passe', { exact: true }).fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText("Nom d'utilisateur ou mot de passe invalide.");

  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');

  await page.reload();
  await expect(page).toHaveURL(/\/conversations$/);

  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/login$/);
});

test('English sign-in page with ?lang=en', async ({ page }) => {
  await page.goto('/login?lang=en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
});
