import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * An administrator adds a user (created with a password) in Configuration › Users, the user
 * signs in in another browser, the administrator forces them out, and within a second the
 * user's tab shows the forced-disconnect dialog, whose button goes back to the login.
 * Axe checks the users and teams tabs and the user form.
 */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('an administrator adds a user, who signs in, then forces them out', async ({ page, browser }) => {
  const username = `e2e-${Date.now().toString(36)}`;
  const password = 'Nouveau-Passe-2026!';

  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=teams');
  await expect(page.getByRole('table', { name: 'Mes équipes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Utilisateurs' }).click();
  await expect(page.getByRole('table', { name: 'Utilisateurs' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
  const form = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
  await form.getByLabel('Prénom').fill('Camille');
  await form.getByLabel('Nom de famille', { exact: true }).fill('Essai');
  await form.getByLabel('Nom affiché').fill('Camille Essai');
  await form.getByLabel("Nom d'utilisateur").fill(username);
  await form.getByLabel('Courriel').fill(`${username}@clinique-demo.ca`);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByLabel('Confirmer le mot de passe').fill(password);
  const teams = form.getByLabel('Équipes', { exact: true });
  await teams.click();
  await page.getByRole('option', { name: 'Principal' }).click();
  await teams.press('Escape');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: "Créer l'utilisateur" }).click();
  await expect(form).toBeHidden();
  const row = page.getByTestId(`user-row-${username}`);
  await expect(row).toContainText('Camille Essai');

  const other = await browser.newContext({ locale: 'fr-CA' });
  const userPage = await other.newPage();
  await userPage.goto('/login');
  await userPage.locator('input[autocomplete="username"]').fill(username);
  await userPage.locator('input[autocomplete="current-password"]').fill(password);
  await userPage.getByTestId('login-submit').click();
  await expect(userPage).toHaveURL(/\/conversations$/);
  await userPage.waitForLoadState('networkidle');

  await row.getByRole('button', { name: 'Actions pour Camille Essai' }).click();
  await page.getByRole('menuitem', { name: 'Forcer la déconnexion' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Forcer la déconnexion' }).click();
  await expect(page.getByText('Camille Essai a été déconnecté.')).toBeVisible();

  const dialog = userPage.getByRole('dialog', { name: 'Session fermée' });
  await expect(dialog).toBeVisible({ timeout: 2000 });
  await expect(dialog).toContainText('Un administrateur a fermé votre session.');
  await dialog.getByRole('button', { name: 'Recharger la page' }).click();
  await expect(userPage).toHaveURL(/\/login/);
  await other.close();
});
