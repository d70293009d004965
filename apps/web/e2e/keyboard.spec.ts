import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';

/** Presses `key` until `row` has the keyboard focus (j/k walk the list from wherever it is). */
async function moveTo(page: Page, row: Locator, key: 'j' | 'k', most = 40): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await row.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(row).toBeFocused();
}

/**
 * The inbox from the keyboard alone (docs/behaviour/web-app.md, "Keyboard shortcuts"): after
 * signing in, only keys: j/k move, Enter opens, r replies, n writes a note, a assigns, e archives
 * and the next conversation opens, z undoes, ? shows the help sheet and Esc closes it.
 */
test('the inbox from the keyboard: move, open, reply, note, assign, archive and the next opens', async ({
  browser,
}, testInfo) => {
  journeyTimeout(150_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  // Two contacts text: the newer one is above the older in the list.
  const phone = await context.newPage();
  await textFromSimulator(phone, `+1438557${suffix}`, 'Bonjour, première question');
  await textFromSimulator(phone, `+1438558${suffix}`, 'Bonjour, deuxième question');
  await phone.close();

  const list = page.getByRole('region', { name: 'Liste des conversations' });
  const older = list.getByRole('option', { name: new RegExp(`\\(438\\) 557-${suffix}`) });
  const newer = list.getByRole('option', { name: new RegExp(`\\(438\\) 558-${suffix}`) });
  await expect(older).toBeVisible();
  await expect(newer).toBeVisible();

  // j/k move the focus highlight; Enter opens.
  await page.keyboard.press('j');
  await moveTo(page, newer, 'j');
  await page.keyboard.press('Enter');
  await expect(newer).toHaveAttribute('aria-selected', 'true');
  const header = page.locator('header').filter({ hasText: `(438) 558-${suffix}` });
  await expect(header).toBeVisible();

  // r: the reply field; a reply sent with Enter; Esc back to the list.
  await page.keyboard.press('r');
  const reply = page.locator('textarea[aria-keyshortcuts="R"]');
  await expect(reply).toBeFocused();
  await page.keyboard.type('Bonjour, je regarde et je reviens vers vous.');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Bonjour, je regarde et je reviens vers vous.', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(newer).toBeFocused();

  // n: the note field, focused; a note sent with Enter.
  await page.keyboard.press('n');
  const note = page.locator('textarea[aria-keyshortcuts="N"]');
  await expect(note).toBeFocused();
  await page.keyboard.type('À rappeler demain matin');
  await page.keyboard.press('Enter');
  await expect(page.getByText('À rappeler demain matin', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // a: the assign menu.
  await page.keyboard.press('a');
  const menu = page.getByTestId('assign-menu');
  await expect(menu).toBeVisible();
  // The menu takes the keys: its first member is focused, the next one chosen with ↓ and Enter.
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page.getByText(/Conversation assignée à/)).toBeVisible();
  await expect(page.getByTestId('assign-button')).not.toHaveText('Assigner');

  // e: archived, and the next conversation of the list (the one below) opens.
  await page.locator('body').press('e');
  await expect(page.getByText('Conversation archivée')).toBeVisible();
  // The toast (and with it `z`) lasts 5 s unless a pointer rests on it: on a loaded machine the
  // checks before `z` can take that long. The mouse only holds it; the keyboard does the rest.
  await page.getByText('Conversation archivée').hover();
  await expect(newer).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/conversations$/);
  await expect(page.locator('header').filter({ hasText: `(438) 558-${suffix}` })).toHaveCount(0);

  // z: undone, the archived conversation is back and open again.
  await page.locator('body').press('z');
  await expect(newer).toBeVisible();
  await expect(newer).toHaveAttribute('aria-selected', 'true');

  // ?: the help sheet; axe on it; Esc closes it.
  await page.locator('body').press('?');
  const sheet = page.getByRole('dialog', { name: 'Raccourcis clavier' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText("Archiver (la conversation suivante s'ouvre)")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'shortcut-sheet-fr-CA');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await context.close();
});
