import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';
import { useLanguage } from './support/use-language';

/**
 * Labels in the browser (docs/behaviour/labels.md): an administrator creates a label in
 * Configuration, sets it on a conversation from its header, the row shows it, the list's label
 * filter shows only the labelled conversations; the team switcher's menu shows each team's unread
 * count. The label is deleted at the end (taken off the conversation), so the journeys after see
 * the inbox as before.
 */
test('create a label, set it from the header, see it on the row, filter by it; unread counts per team', async ({
  browser,
}, testInfo) => {
  journeyTimeout(150_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const name = `Résultats ${suffix}`;
  const displayed = new RegExp(`\\(438\\) 557-${suffix}`);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  const phone = await context.newPage();
  await textFromSimulator(phone, `+1438557${suffix}`, 'Mes résultats sont-ils arrivés ?');

  // Configuration → Étiquettes: add the label.
  await page.goto('/configuration?configTab=labels');
  await page.getByTestId('label-add').click();
  await page.getByTestId('label-name').fill(name);
  await page.getByTestId('label-color').click();
  await page.getByRole('option', { name: 'Vert', exact: true }).click();
  await page.getByTestId('label-dialog').getByRole('button', { name: 'Enregistrer' }).click();
  const configRow = page.getByTestId('label-row').filter({ hasText: name });
  await expect(configRow).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'labels-configuration-fr-CA');
  await useLanguage(page, 'en-CA');
  await expect(page.getByRole('heading', { name: 'Labels' })).toBeVisible();
  await screenshots(page, testInfo, 'labels-configuration-en-CA');
  await useLanguage(page, 'fr-CA');

  // The inbox: set it on the conversation from the header.
  await page.goto('/conversations');
  const list = page.getByRole('region', { name: 'Liste des conversations' });
  const row = list.getByRole('option', { name: displayed });
  await row.click();
  await page.getByTestId('labels-button').click();
  await page.getByRole('textbox', { name: 'Chercher une étiquette' }).fill(suffix);
  await page.getByRole('checkbox', { name }).click();
  await expect(page.getByRole('checkbox', { name })).toBeChecked();
  await expect(
    page
      .locator('header', { has: page.getByTestId('labels-button') })
      .getByTestId('label-badge')
      .filter({ hasText: name }),
  ).toBeVisible();
  await expect(row.getByTestId('label-badge').filter({ hasText: name })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'labels-picker-fr-CA');
  await page.keyboard.press('Escape');

  // The filter: only labelled conversations.
  await list.getByTestId('label-filter').click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(row).toBeVisible();
  const options = list.getByRole('option');
  const shown = await options.count();
  for (let i = 0; i < shown; i += 1) {
    await expect(options.nth(i).getByTestId('label-badge').filter({ hasText: name })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'labels-filter-fr-CA');
  await useLanguage(page, 'en-CA');
  await screenshots(page, testInfo, 'labels-filter-en-CA');
  await useLanguage(page, 'fr-CA');

  // Another contact texts: Principal has an unread conversation, and its count shows in the switcher.
  await textFromSimulator(phone, `+1438556${suffix}`, 'Bonjour, une question.');
  await page.getByTestId('team-switcher').click();
  const principal = page.getByRole('menuitem', { name: /Principal/ });
  await expect(principal.locator('[data-testid^="team-unread-"]')).toBeVisible();
  await expect(principal.locator('[data-testid^="team-unread-"]')).toHaveAttribute('aria-label', /non lue/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'labels-team-unread-fr-CA');
  await page.keyboard.press('Escape');

  // Clean up: delete the label (it leaves the conversation).
  await page.goto('/configuration?configTab=labels');
  await configRow.getByRole('button', { name: `Supprimer ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(configRow).toHaveCount(0);

  await context.close();
});
