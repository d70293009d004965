import { expect, test } from '@playwright/test';

/**
 * How the built web app travels (real server, real build): compressed files, long-lived
 * caching of hashed assets, revalidation of the page, and the login page's download kept free
 * of the inbox's libraries.
 */
test('the page and its hashed assets come compressed, with the right cache policy', async ({ request }) => {
  const page = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();

  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const asset = await request.get(script!, { headers: { 'accept-encoding': accept } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe(encoding);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers().vary).toMatch(/accept-encoding/i);
  }
});

test("the login page loads no phone-number metadata and none of the inbox's chunks", async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    // libphonenumber's metadata lists every country's calling code under this key.
    expect(body, url).not.toContain('country_calling_codes');
    expect(url).not.toMatch(/conversations-screen|phone-simulator-screen|app-layout/);
  }
});
