import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * An administrator adds a user by invitation in Configuration › Users; the user receives the
 * sandbox mail, chooses a password from its link and signs in in another browser; the
 * administrator then forces them out, and within seconds the user's tab shows the
 * forced-disconnect dialog, whose button goes back to the login. Axe on the users tab, the
 * user form, the mail and the set-password page.
 */
test('an administrator invites a user, who receives the mail, sets a password and signs in, then is forced out', async ({
  page,
  browser,
}, testInfo) => {
  const username = `e2e-${Date.now().toString(36)}`;
  const email = `${username}@clinique-demo.ca`;
  const password = 'Nouveau-Passe-2026!';

  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=users');
  await expect(page.getByRole('table', { name: 'Utilisateurs' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
  const form = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
  await form.locator('input[name="firstName"]').fill('Camille');
  await form.locator('input[name="lastName"]').fill('Essai');
  await form.locator('input[name="displayName"]').fill('Camille Essai');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="email"]').fill(email);
  await form.getByTestId('user-access').getByText('Inviter par courriel').click();
  await expect(form.getByTestId('user-invite-help')).toBeVisible();
  await expect(form.locator('input[name="password"]')).toHaveCount(0);
  const teams = form.getByRole('combobox', { name: 'Équipes', exact: true });
  await teams.click();
  await page.getByRole('option', { name: 'Principal' }).click();
  await teams.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('user-form-invite.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: "Créer et envoyer l'invitation" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Invitation envoyée à Camille Essai (${email}).`)).toBeVisible();
  const row = page.getByTestId(`user-row-${username}`);
  await expect(row).toContainText('Camille Essai');

  const other = await browser.newContext({ locale: 'fr-CA' });
  try {
    const userPage = await other.newPage();
    await userPage.goto(`/sandbox/mail?to=${encodeURIComponent(email)}`);
    const view = userPage.getByTestId('sandbox-mail-view');
    await expect(view.getByRole('heading', { name: /^Votre compte Accueil pour / })).toBeVisible();
    await view.getByText('Texte', { exact: true }).click();
    await expect(view.getByText(/Bonjour Camille,/)).toBeVisible();
    expect(await seriousViolations(userPage)).toEqual([]);
    const href = await view.getByTestId('sandbox-mail-link').first().getAttribute('href');
    expect(href).toMatch(/\/password-reset\?token=[\w-]{43}$/);
    await userPage.goto(href!);
    await expect(userPage.getByRole('textbox', { name: "Nom d'utilisateur" })).toHaveValue(username);
    await userPage.getByLabel('Nouveau mot de passe', { exact: true }).fill(password);
    await userPage.getByLabel('Confirmez le mot de passe', { exact: true }).fill(password);
    expect(await seriousViolations(userPage)).toEqual([]);
    await userPage.getByTestId('reset-submit').click();
    await expect(userPage.getByTestId('reset-done')).toContainText(`« ${username} »`);
    await userPage.getByRole('link', { name: 'Se connecter' }).click();
    await expect(userPage).toHaveURL(/\/login$/);
    await userPage.getByLabel("Nom d'utilisateur").fill(username);
    await userPage.getByLabel('Mot de passe', { exact: true }).fill(password);
    await userPage.getByTestId('login-submit').click();
    await expect(userPage).toHaveURL(/\/conversations$/);
    await expect(userPage.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');

    await row.getByRole('button', { name: 'Actions pour Camille Essai' }).click();
    await page.getByRole('menuitem', { name: 'Forcer la déconnexion' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Forcer la déconnexion' }).click();
    await expect(page.getByText('Camille Essai a été déconnecté.')).toBeVisible();

    const dialog = userPage.getByRole('dialog', { name: 'Session fermée' });
    await expect(dialog).toBeVisible({ timeout: 5000 });
    await expect(dialog).toContainText('Un administrateur a fermé votre session.');
    await userPage.screenshot({ path: testInfo.outputPath('forced-disconnect.png') });
    expect(await seriousViolations(userPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Recharger la page' }).click();
    await expect(userPage).toHaveURL(/\/login/);
  } finally {
    await other.close();
  }
});
