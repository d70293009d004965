import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';

/**
 * Configuration journeys of an administrator: a team's own schedule with a lunch break (a break
 * outside the hours is shown beside its field and blocks saving), and the organisation's
 * settings saved (names, website with its URL rule, sector and services, an option, the logo).
 * No serious or critical axe violation on either tab, in fr-CA and en-CA.
 */

// A 64 × 64 PNG (one blue square).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDqqfmTk7sroh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX7C7EXaIbdAPQK3YX4i7RDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAveIfHj0MAR6ofzjDAAAAAElFTkSuQmCC',
  'base64',
);

test('configuring a team schedule with a lunch break: the Hygiène team gets its own hours, with lunch on Monday', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=schedules');
  await page.getByRole('combobox', { name: 'Horaire de' }).click();
  await page.getByRole('option', { name: 'Équipe Hygiène' }).click();

  const follow = page.getByRole('switch', { name: 'Suivre l’horaire de l’organisation' });
  await expect(follow).toBeChecked();
  await follow.uncheck();

  await page.getByRole('button', { name: 'Ajouter une pause le lundi' }).click();
  const breakEnd = page.getByLabel('lundi, pause 1 : fin');
  await expect(page.getByLabel('lundi, pause 1 : début')).toHaveValue('12:00');
  await expect(breakEnd).toHaveValue('13:00');

  // A break past closing time is refused beside the break, and the schedule cannot be saved.
  await breakEnd.fill('18:00');
  await expect(page.getByText('La pause doit être comprise dans les heures d’ouverture.')).toBeVisible();
  const save = page.getByRole('button', { name: 'Enregistrer' });
  await expect(save).toBeDisabled();
  await breakEnd.fill('13:00');
  await expect(save).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  await save.click();
  await expect(page.getByText('Horaire enregistré.')).toBeVisible();

  await page.reload();
  await page.getByRole('combobox', { name: 'Horaire de' }).click();
  await page.getByRole('option', { name: 'Équipe Hygiène' }).click();
  await expect(page.getByRole('switch', { name: 'Suivre l’horaire de l’organisation' })).not.toBeChecked();
  await expect(page.getByLabel('lundi, pause 1 : début')).toHaveValue('12:00');
  await expect(page.getByLabel('lundi, pause 1 : fin')).toHaveValue('13:00');
  await screenshots(page, test.info(), 'schedules-fr-CA');
});

test('an administrator saves the organisation’s settings and its logo', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=organization');
  const englishName = page.getByLabel('Nom (anglais, Canada)');
  await englishName.fill('Demo Clinic');

  const website = page.getByLabel('Site Web');
  await website.fill('pas une adresse');
  await expect(page.getByText('Adresse Web invalide.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  await website.fill('www.clinique-demo.ca');

  await page.getByRole('combobox', { name: 'Secteur' }).click();
  await page.getByRole('option', { name: 'Dentaire' }).click();
  await page.getByRole('checkbox', { name: 'Nettoyage dentaire' }).check();
  await page.getByRole('switch', { name: 'File d’attente des appels' }).check();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Paramètres de l’organisation enregistrés.')).toBeVisible();

  const upload = page.waitForResponse((r) => r.url().includes('/logo') && r.request().method() === 'POST');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  expect((await upload).status()).toBe(200);
  await expect(page.getByRole('img', { name: 'Logo de l’organisation' })).toHaveAttribute(
    'src',
    /^\/logos\//,
  );

  await page.reload();
  await expect(page.getByLabel('Nom (anglais, Canada)')).toHaveValue('Demo Clinic');
  await expect(page.getByLabel('Site Web')).toHaveValue('www.clinique-demo.ca');
  await expect(page.getByRole('checkbox', { name: 'Nettoyage dentaire' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'File d’attente des appels' })).toBeChecked();
  await expect(page.getByRole('img', { name: 'Logo de l’organisation' })).toBeVisible();
  await screenshots(page, test.info(), 'organization-fr-CA');
});

test.describe('en-CA', () => {
  test.use({ locale: 'en-CA' });

  test('both tabs have no serious or critical axe violation in English', async ({ page }) => {
    // The notary's administrator signs in in English (the other journeys keep the clinic's in French).
    await page.goto('/login?lang=en');
    await page.getByLabel('Username').fill('notaire');
    await page.getByLabel('Password', { exact: true }).fill('Demo-Accueil-2026');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/conversations$/);
    await page.goto('/configuration?configTab=organization');
    await expect(page.getByLabel('Name (English, Canada)')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, test.info(), 'organization-en-CA');
    await page.goto('/configuration?configTab=schedules');
    await expect(page.getByRole('button', { name: 'Add a break on Monday' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, test.info(), 'schedules-en-CA');
  });
});
