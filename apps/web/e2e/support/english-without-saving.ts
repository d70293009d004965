import type { Page } from '@playwright/test';

/**
 * Switches the open page to English without saving the demo user's language (other journeys
 * use it): `PUT /api/auth/locale` is answered with the profile in en-CA. `page.unrouteAll()`
 * then a reload brings back the stored language.
 */
export async function englishWithoutSaving(page: Page): Promise<void> {
  await page.route('**/api/auth/locale', async (route) => {
    const profile = await route.fetch({
      url: route
        .request()
        .url()
        .replace(/locale$/, 'profile'),
      method: 'GET',
    });
    const context = (await profile.json()) as { user: { locale: string } };
    await route.fulfill({ json: { ...context, user: { ...context.user, locale: 'en-CA' } } });
  });
  await page.getByRole('region', { name: 'Langue' }).getByText('English', { exact: true }).click();
}
