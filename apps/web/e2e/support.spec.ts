import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsDemoUser } from './support/sign-in-as-admin';

/**
 * Report a problem (help menu): the description is required; a capture of the page shows as a
 * preview; the request is sent ('Message envoyé') and arrives in the sandbox mailbox at the
 * support address with the person's name, the page and the screenshot attached; axe on the dialog.
 */
test('a support request with a capture of the page reaches the support mailbox', async ({ page }) => {
  await signInAsDemoUser(page, 'agent');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('button', { name: 'Aide' }).click();
  await nav.getByRole('button', { name: 'Signaler un problème' }).click();

  const dialog = page.getByRole('dialog', { name: 'Signaler un problème' });
  const description = dialog.getByRole('textbox', { name: 'Description' });
  await expect(description).toBeFocused();
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(dialog.getByText('Décrivez le problème.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const marker = `Le bouton Archiver ne répond plus ${Date.now()}`;
  await description.fill(marker);
  await dialog.getByRole('button', { name: 'Capturer cette page' }).click();
  // Drawing the page (fonts and images inlined) takes seconds on a loaded machine.
  await expect(dialog.getByTestId('support-screenshot-preview')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Message envoyé')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/sandbox/mail?to=support@accueil.localhost');
  await page
    .getByTestId('sandbox-mail-list')
    .getByRole('button', { name: /Demande de soutien/ })
    .first()
    .click();
  const mail = page.getByTestId('sandbox-mail-view');
  await mail.getByText('Texte', { exact: true }).click();
  await expect(mail.getByText(marker)).toBeVisible();
  await expect(mail.getByTestId('sandbox-mail-link').filter({ hasText: /\/conversations$/ })).toBeVisible();
  await expect(
    mail.getByTestId('sandbox-mail-attachments').getByRole('link', { name: 'capture.png' }),
  ).toBeVisible();
});
