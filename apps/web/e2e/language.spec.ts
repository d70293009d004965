import { expect, test } from '@playwright/test';

/**
 * Language journey: a person signs in from the English login page (their stored locale is
 * fr-CA): English is saved and stays after a reload; the shell's language menu brings French
 * back at once. The phone simulator, opened beside, never touches the session cookie.
 */
test('the login page’s English is kept; the shell switches language; the simulator leaves the session alone', async ({
  page,
  context,
}) => {
  await page.goto('/login?lang=en');
  await page.getByLabel('Username').fill('notaire');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page).toHaveTitle('Conversations · Accueil');

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');

  await page.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveTitle('Contacts · Accueil');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-option-fr-CA').click();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

  const sessionCalls: string[] = [];
  const phone = await context.newPage();
  phone.on('request', (r) => {
    if (r.url().includes('/api/auth/')) sessionCalls.push(r.url());
  });
  await phone.goto('/sandbox/phone');
  await expect(phone).toHaveTitle('Simulateur de téléphone · Accueil');
  await expect(phone.getByRole('heading', { name: 'Simulateur de téléphone' })).toBeVisible();
  await phone.waitForTimeout(500);
  expect(sessionCalls).toEqual([]);
  await phone.close();

  // The app's tab still has its session (its refresh cookie was not rotated behind its back).
  await page.getByRole('link', { name: 'Conversations', exact: true }).click();
  await expect(page).toHaveTitle('Conversations · Accueil');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
});
