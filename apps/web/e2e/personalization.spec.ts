import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsDemoUser } from './support/sign-in-as-admin';

/**
 * Personalisation (the person's name at the bottom of the side menu): the dark theme applies at
 * once and stays after a reload (this browser); desktop notifications turn on once the browser
 * allows them; the choices stay in this browser; axe in both themes.
 */
test('the dark theme and the alerts are chosen on the personalisation page and kept in this browser', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signInAsDemoUser(page, 'agent');
  await page.getByRole('link', { name: /Julien Roy.*Personnalisation/ }).click();
  await expect(page).toHaveURL(/\/personnalisation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personnalisation' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const theme = page.getByRole('region', { name: 'Thème' });
  await theme.getByText('Sombre', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);

  const alerts = page.getByRole('region', { name: 'Avertissements' });
  await expect(alerts.getByRole('switch', { name: "Faire clignoter le titre de l'onglet" })).toBeChecked();
  const desktop = alerts.getByRole('switch', { name: 'Notifications du bureau' });
  await expect(desktop).not.toBeChecked();
  await desktop.click({ force: true });
  await expect(desktop).toBeChecked();
  await alerts.getByRole('switch', { name: 'Jouer un son' }).click({ force: true });

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(
    page.getByRole('region', { name: 'Avertissements' }).getByRole('switch', { name: 'Jouer un son' }),
  ).toBeChecked();
  await expect(
    page
      .getByRole('region', { name: 'Avertissements' })
      .getByRole('switch', { name: 'Notifications du bureau' }),
  ).toBeChecked();

  // Back to light for the journeys after this one in the same browser profile (none share it, but be tidy).
  await page.getByRole('region', { name: 'Thème' }).getByText('Clair', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
