import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';
import { useLanguage } from './support/use-language';

/**
 * Bulk actions in the inbox (docs/behaviour/assignment.md, "Web"): three new conversations are
 * selected with `x`, a checkbox and a shift-click; archived at once, they leave the list, and the
 * toast's Undo brings them back; two are assigned to a member at once; all three are marked read.
 * Axe and screenshots (fr-CA, en-CA) with the bar shown. The three are archived at the end, so
 * the journeys after see the inbox as before.
 */
test('select rows with x, a checkbox and shift-click; archive and undo, assign two, mark read', async ({
  browser,
}, testInfo) => {
  journeyTimeout(150_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  // Three contacts text, one after the other: the newest is at the top of the list.
  const phone = await context.newPage();
  for (const n of [1, 2, 3]) await textFromSimulator(phone, `+143855${n}${suffix}`, `Bonjour, question ${n}`);
  await phone.close();

  const list = page.getByRole('region', { name: 'Liste des conversations' });
  const shown = (n: number) => `(438) 55${n}-${suffix}`;
  const row = (n: number) =>
    list.getByRole('option', { name: new RegExp(shown(n).replace(/[()]/g, '\\$&')) });
  const box = (n: number) =>
    page.getByRole('checkbox', { name: `Sélectionner la conversation avec ${shown(n)}` });
  for (const n of [1, 2, 3]) await expect(row(n)).toBeVisible();
  const bar = page.getByRole('group', { name: 'Actions sur la sélection' });

  // x on the focused row (the oldest of the three, opened), a checkbox, then a shift-click: the
  // range from the last one toggled.
  await row(1).click();
  await expect(row(1)).toBeFocused();
  await page.keyboard.press('x');
  await expect(bar.getByText('1 sélectionnée')).toBeVisible();
  await expect(row(1)).toHaveAttribute('aria-checked', 'true');
  await box(3).click();
  await expect(bar.getByText('2 sélectionnées')).toBeVisible();
  await box(2).click({ modifiers: ['Shift'] });
  await expect(bar.getByText('3 sélectionnées')).toBeVisible();
  for (const n of [1, 2, 3]) await expect(box(n)).toBeChecked();

  // Axe and a look, with the bar over the header, in both languages.
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'bulk-bar-fr-CA');
  await useLanguage(page, 'en-CA');
  await expect(
    page.getByRole('group', { name: 'Actions on the selection' }).getByText('3 selected'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'bulk-bar-en-CA');
  await useLanguage(page, 'fr-CA');
  await expect(bar.getByText('3 sélectionnées')).toBeVisible();

  // Archive: the three leave the list; Undo brings them back.
  await bar.getByRole('button', { name: 'Archiver' }).click();
  await expect(page.getByText('3 conversations archivées')).toBeVisible();
  // The toast closes 5 s after it shows unless the pointer rests on it: on a loaded machine the
  // checks before Undo can take that long.
  await page.getByTestId('undo-button').hover();
  for (const n of [1, 2, 3]) await expect(row(n)).toHaveCount(0);
  await expect(bar).toBeHidden();
  await page.getByTestId('undo-button').click();
  for (const n of [1, 2, 3]) await expect(row(n)).toBeVisible();

  // Two assigned to Julien Roy at once.
  await box(3).click();
  await box(2).click();
  await bar.getByRole('button', { name: 'Assigner' }).click();
  await page.getByTestId('bulk-assign-menu').getByRole('menuitem', { name: 'Julien Roy' }).click();
  await expect(page.getByText('2 conversations assignées à Julien Roy')).toBeVisible();
  for (const n of [2, 3])
    await expect(row(n).getByRole('img', { name: 'Assignée à Julien Roy' })).toBeVisible();
  await expect(row(1).getByRole('img', { name: 'Assignée à Julien Roy' })).toHaveCount(0);

  // Marked read at once: no unread mark left on the three.
  await box(3).click();
  await box(1).click({ modifiers: ['Shift'] });
  await expect(bar.getByText('3 sélectionnées')).toBeVisible();
  await bar.getByRole('button', { name: 'Marquer lues' }).click();
  await expect(page.getByText('3 conversations marquées comme lues')).toBeVisible();
  for (const n of [1, 2, 3]) await expect(row(n).locator('[aria-label="Non lue"]')).toHaveCount(0);

  // Esc empties a selection; the three are archived to leave the inbox as it was.
  await box(1).click();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await box(3).click();
  await box(1).click({ modifiers: ['Shift'] });
  await bar.getByRole('button', { name: 'Archiver' }).click();
  for (const n of [1, 2, 3]) await expect(row(n)).toHaveCount(0);

  await context.close();
});
