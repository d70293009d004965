import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * Statistics journeys (docs/behaviour/statistics.md): the administrator adds a recipient of the
 * weekly report in the configuration's statistics tab, is told when an address is already there,
 * and removes it; the tab has no serious or critical axe violation.
 */
test('the administrator adds a recipient of the weekly report, once, and removes it', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=statistics');
  await expect(page.getByRole('heading', { name: 'Destinataires du rapport hebdomadaire' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Ajouter un destinataire' });
  const field = form.getByRole('textbox', { name: 'Courriel' });
  await field.fill('Direction@Clinique-Demo.example');
  await field.press('Enter');
  const table = page.getByRole('table', { name: 'Destinataires du rapport hebdomadaire' });
  await expect(
    table.getByRole('cell', { name: 'direction@clinique-demo.example', exact: true }),
  ).toBeVisible();
  await expect(field).toHaveValue('');

  await field.fill('direction@clinique-demo.example');
  await form.getByRole('button', { name: 'Ajouter le destinataire' }).click();
  await expect(form.getByText('Ce courriel est déjà utilisé')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'statistics-recipients-fr-CA');

  await table.getByRole('button', { name: 'Retirer direction@clinique-demo.example' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
  await expect(
    page.getByText('Aucun destinataire : personne ne reçoit le rapport hebdomadaire.'),
  ).toBeVisible();
});

test('the statistics tab in English (en-CA): no serious or critical axe violation', async ({
  page,
}, testInfo) => {
  await page.goto('/login?lang=en');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await page.goto('/configuration?configTab=statistics');
  await expect(page.getByRole('heading', { name: 'Weekly report recipients' })).toBeVisible();
  await expect(page.getByText('No recipient yet: nobody receives the weekly report.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'statistics-recipients-en-CA');
});
