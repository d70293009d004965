import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsDemoUser } from './support/sign-in-as-admin';

/**
 * Presence journey (docs/behaviour/realtime.md, "Presence"): once signed in, the user's browser is
 * connected and their presence in the side menu reads online; they choose away (saved, shown at
 * once), then online again.
 */

async function chooseStatus(page: Page, current: string, next: string): Promise<void> {
  await page.getByRole('button', { name: `Statut : ${current}` }).click();
  await page.getByRole('menuitem', { name: next }).click();
  await expect(page.getByRole('button', { name: `Statut : ${next}` })).toBeVisible();
}

test('the signed-in user shows online in the side menu, and chooses away then online again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemoUser(page, 'agent');
  const menu = page.getByTestId('presence-menu');
  await expect(menu).toHaveAttribute('data-status', 'online');
  try {
    await page.getByRole('button', { name: 'Statut : En ligne' }).click();
    await expect(page.getByRole('menuitem', { name: 'Absent' })).toBeVisible();
    await page.screenshot({ path: 'test-results/presence-menu-1440.png' });
    // Open, the menu holds its items only (no focus placeholder beside them).
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Absent' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await chooseStatus(page, 'En ligne', 'Absent');
    await expect(menu).toHaveAttribute('data-status', 'away');
    // Kept by the server: a reload (within the grace period) still shows it.
    await page.reload();
    await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');
    await expect(menu).toHaveAttribute('data-status', 'away');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: 'test-results/presence-menu-away-1024.png' });
  } finally {
    // Other journeys ring this user: leave them online.
    if ((await menu.getAttribute('data-status')) !== 'online') await chooseStatus(page, 'Absent', 'En ligne');
  }
  await expect(menu).toHaveAttribute('data-status', 'online');
});
