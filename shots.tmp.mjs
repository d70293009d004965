import { chromium } from '@playwright/test';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const locale of ['fr-CA', 'en-CA']) {
  for (const [w, h] of [[1440, 900], [1024, 768]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, locale });
    await page.goto(`${base}/login`);
    await page.locator('input').first().fill('admin');
    await page.locator('input[type=password]').fill('Demo-Accueil-2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/conversations$/);
    await page.goto(`${base}/contacts`);
    await page.getByRole('row').nth(2).waitFor();
    await page.getByRole('row').nth(2).hover();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/imp/contacts-${locale}-${w}.png` });
    await page.close();
  }
}
await browser.close();
