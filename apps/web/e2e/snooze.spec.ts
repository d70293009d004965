import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';

/**
 * Snooze in the browser (docs/behaviour/snooze.md, "In the browser"): a conversation snoozed from
 * its header leaves the active list, the snooze is undone from the toast, snoozed again from the
 * row's menu it shows under Snoozed with its badge, and a text from the contact wakes it early.
 * Waking at its time is the server's tests' (a fake clock), so this journey runs on a normal server.
 */
test('snooze a conversation, undo, snooze again from the row, and a text wakes it early', async ({
  browser,
}, testInfo) => {
  journeyTimeout(150_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const displayed = new RegExp(`\\(438\\) 559-${suffix}`);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  const phone = await context.newPage();
  const device = await textFromSimulator(phone, `+1438559${suffix}`, 'Mes résultats sont-ils arrivés ?');

  const list = page.getByRole('region', { name: 'Liste des conversations' });
  const row = list.getByRole('option', { name: displayed });
  await row.click();

  // Snooze from the header until tomorrow 8:00: the toast offers Undo, the header says until when,
  // and the row leaves the active list.
  await page.getByTestId('snooze-button').click();
  await expect(page.getByTestId('snooze-tomorrow')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'snooze-menu-fr-CA');
  await page.getByTestId('snooze-tomorrow').click();
  await expect(page.getByTestId('undo-button')).toBeVisible();
  // The toast closes 5 s after it shows unless the pointer rests on it: on a loaded machine the
  // checks before Undo can take that long.
  await page.getByTestId('undo-button').hover();
  await expect(page.getByTestId('snoozed-badge')).toContainText('En pause jusqu’à');
  await expect(row).toHaveCount(0);

  // Undo: back in the active list, not snoozed.
  await page.getByTestId('undo-button').click();
  await expect(page.getByTestId('snoozed-badge')).toHaveCount(0);
  await expect(row).toBeVisible();

  // Snooze again, from the row's menu (opened by the keyboard), until next Monday or tomorrow.
  await row.focus();
  await page.keyboard.press('Shift+F10');
  await page.getByTestId('row-snooze').click();
  await page.getByTestId('snooze-tomorrow').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('snoozed-badge')).toBeVisible();

  // Under Snoozed, with the end on the row.
  await list.getByTestId('tab-snoozed').click();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('row-snoozed')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'snooze-list-fr-CA');

  // The contact texts again: the conversation wakes at once, out of Snoozed and back in Active
  // (below the pinned conversations, the newest).
  await device.getByRole('textbox', { name: 'Texto' }).fill('Je peux passer demain ?');
  await device.getByRole('button', { name: 'Envoyer' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('snoozed-badge')).toHaveCount(0);
  await list.getByRole('tab', { name: /Actives/ }).click();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('row-snoozed')).toHaveCount(0);

  await context.close();
});
