import { expect, type Page } from '@playwright/test';

/** Gives the main team (Principal) the e-mail `address` through the teams tab, as an administrator (fr-CA). */
export async function setMainTeamEmail(page: Page, address: string): Promise<void> {
  await page.goto('/configuration?configTab=teams');
  await page
    .getByRole('button', { name: /Modifier.*Principal/ })
    .first()
    .click();
  const teamDialog = page.getByRole('dialog');
  await teamDialog.getByRole('textbox', { name: 'Courriel' }).fill(address);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/teams\/[^/]+$/.test(r.url()),
  );
  await teamDialog.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await saved).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect(teamDialog).toBeHidden();
}
