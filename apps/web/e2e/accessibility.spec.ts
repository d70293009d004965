import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * Accessibility: no serious or critical axe violation on the login page, the inbox with a
 * conversation open and the phone simulator, in fr-CA and en-CA; the inbox is usable from the
 * keyboard (focus on the list after sign-in, one Tab stop for the list, arrows and j/k,
 * Enter opens, `/` searches, Escape leaves the composer, the row's menu by Shift+F10).
 */
// A language chosen on the login page is saved to the profile: English is tried with the
// notary's account so that the other journeys keep the clinic's administrator in French.
const LOCALES = [
  { locale: 'fr-CA', lang: 'fr', user: 'admin', list: 'Liste des conversations' },
  { locale: 'en-CA', lang: 'en', user: 'notaire', list: 'Conversation list' },
] as const;

async function signIn(page: Page, lang: string, user = 'admin') {
  await page.goto(`/login?lang=${lang}`);
  await page.getByTestId('login-submit').waitFor();
  await page.locator('input[autocomplete="username"]').fill(user);
  await page.locator('input[autocomplete="current-password"]').fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
}

for (const { locale, lang, user, list } of LOCALES) {
  test.describe(`${locale}`, () => {
    test.use({ locale });

    test('login page: no serious or critical axe violation', async ({ page }) => {
      await page.goto(`/login?lang=${lang}`);
      await page.getByTestId('login-submit').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('inbox with a conversation open: no serious or critical axe violation', async ({ page }) => {
      await signIn(page, lang, user);
      const rows = page.getByRole('listbox', { name: list }).getByRole('option');
      await rows.first().click();
      await expect(page).toHaveURL(/\/conversations\/.+/);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('phone simulator: no serious or critical axe violation', async ({ page }) => {
      await page.goto(`/sandbox/phone?lang=${lang}`);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('the inbox from the keyboard: list focused after sign-in, arrows and j/k, Enter, /, Escape, Shift+F10', async ({
  page,
}) => {
  await signIn(page, 'fr');
  const listbox = page.getByRole('listbox', { name: 'Liste des conversations' });
  const rows = listbox.getByRole('option');
  await expect(rows.first()).toBeFocused();
  // One Tab stop for the whole list; the row's menu button is not one.
  await expect(listbox.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(listbox.getByRole('button')).toHaveCount(0);
  // A visible focus ring on the focused row.
  expect(await rows.first().evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/conversations\/.+/);
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');

  // Escape leaves the composer for the list.
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.click();
  await page.keyboard.press('Escape');
  await expect(rows.nth(1)).toBeFocused();

  // The row's actions from the keyboard, and back to the row.
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu')).toBeVisible();
  // As a menu button does (WAI-ARIA): the first item takes the focus, the arrows move along.
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(rows.nth(1)).toBeFocused();

  // `/` goes to the search box; Tab from the list leaves it in one step.
  await page.keyboard.press('/');
  await expect(page.getByRole('textbox', { name: /Rechercher/ })).toBeFocused();
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`a row's menu opens with the mouse at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'fr');
    const row = page.getByRole('listbox', { name: 'Liste des conversations' }).getByRole('option').nth(2);
    await row.hover();
    // Playwright presses and releases at the button's centre, where a person does.
    await page.locator('button[aria-label="Actions de la conversation"]').nth(2).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Archiver' })).toBeVisible();
    // The click opened the menu, not the conversation.
    await expect(page).toHaveURL(/\/conversations$/);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
}

test('the shell offers a skip link first in the keyboard order', async ({ page }) => {
  await signIn(page, 'fr');
  // A screen that takes no focus by itself: the keyboard order starts at the top of the page.
  await page.goto('/faq');
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
