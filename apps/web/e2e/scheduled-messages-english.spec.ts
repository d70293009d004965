import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * The scheduled messages screen and its dialog in English: a person signs in from the English
 * login page (which stores English for them), opens the screen and the dialog; axe finds nothing
 * serious; screens are captured (SCREENSHOT_DIR) at 1440×900 and 1024×768. The demo administrator
 * is put back in French afterwards, even when a step failed: the other journeys expect fr-CA.
 */

const shots = process.env.SCREENSHOT_DIR;

async function capture(page: Page, name: string) {
  if (!shots) return;
  for (const [w, h] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${shots}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The demo administrator's bearer header, signed in through the API (its own cookies: the page's session is left alone). */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Demo-Accueil-2026' },
  });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
}

let scheduledId: string | null = null;

test.afterEach(async ({ request }) => {
  // Through the API, so that it holds whatever state the page was left in.
  const headers = await adminApi(request);
  if (scheduledId) await request.delete(`/api/scheduled-messages/${scheduledId}`, { headers });
  const restored = await request.put('/api/auth/locale', { data: { locale: 'fr-CA' }, headers });
  expect(restored.ok()).toBe(true);
});

test('the scheduled messages screen and its dialog in English', async ({ page, request }) => {
  // A message with reminders, so that the list shows its state and reminder badges.
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/scheduled-messages', {
    headers: await adminApi(request),
    data: {
      title: 'Annual check-up',
      message: 'Hello, time for your annual check-up.',
      date: inAMonth,
      time: '10:00',
      reminders: ['24h', '7d'],
      toPhoneNumber: '+14385550142',
    },
  });
  expect(created.status()).toBe(201);
  scheduledId = ((await created.json()) as { id: string }).id;
  await page.goto('/login?lang=en');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await page.getByRole('link', { name: 'Scheduled messages' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled messages' })).toBeVisible();
  await expect(page.getByText('Annual check-up', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await capture(page, 'scheduled-screen-en-CA');
  await page.getByRole('button', { name: 'Schedule a message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a message' });
  await expect(dialog.getByLabel("Recipient's number")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await capture(page, 'schedule-dialog-en-CA');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
