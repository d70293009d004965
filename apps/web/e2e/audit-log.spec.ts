import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * Audit log journey: the administrator's sign-in is in the audit log of the configuration
 * screen, the chain is verified intact (and again on demand), filtering by action hides what does not match, and the
 * tab has no serious or critical axe violation.
 */
test('the administrator finds their sign-in in the audit log, verified intact', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=audit');
  await expect(page.getByRole('heading', { name: "Journal d'audit" })).toBeVisible();
  const verification = page.getByText("Journal d'audit intact");
  await expect(verification).toBeVisible();
  await expect(page.getByText(/événements? vérifiés?, aucun altéré/)).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: /^Connexion( |$)/ }).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Conversation supprimée' }).click();
  await expect(page.getByText('Aucun événement ne correspond à ces filtres.')).toBeVisible();
  await page.getByRole('button', { name: 'Effacer les filtres' }).click();
  await expect(table.getByRole('cell', { name: /^Connexion( |$)/ }).first()).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Vérifier de nouveau' }).click();
  await expect(verification).toBeVisible();
});
