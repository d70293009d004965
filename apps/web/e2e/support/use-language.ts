import { expect, type Page } from '@playwright/test';

/** Switches the signed-in user's language from the shell's menu, and waits for the page to speak it. */
export async function useLanguage(page: Page, locale: 'fr-CA' | 'en-CA'): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-option-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}
