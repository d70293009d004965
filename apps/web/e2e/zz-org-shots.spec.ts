import { expect, test, type Page } from '@playwright/test';
const OUT = '/tmp/org-shots';
const TABS = ['teams', 'users', 'organization', 'schedules', 'automations', 'security', 'audit', 'deleted-conversations'];
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 768 }];
async function signIn(page: Page, user: string, lang: string) {
  await page.goto(`/login?lang=${lang}`);
  await page.locator('input[autocomplete="username"]').fill(user);
  await page.locator('input[autocomplete="current-password"]').fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
}
for (const lang of ['fr', 'en']) {
  test(`shots ${lang}`, async ({ page, browser }) => {
    test.setTimeout(600_000);
    await signIn(page, 'admin', lang);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const tab of TABS) {
        await page.goto(`/configuration?configTab=${tab}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${OUT}/${lang}-${size.width}-config-${tab}.png`, fullPage: true });
      }
    }
    const dev = await browser.newContext({ locale: lang === 'fr' ? 'fr-CA' : 'en-CA' });
    const d = await dev.newPage();
    await signIn(d, 'devops', lang);
    await d.goto('/devops');
    await d.getByRole('button', { name: lang === 'fr' ? 'Créer un code' : 'Create a code' }).click();
    const code = (await d.getByTestId('new-invitation-code').textContent())!.trim();
    for (const size of SIZES) {
      await d.setViewportSize(size);
      await d.waitForTimeout(300);
      await d.screenshot({ path: `${OUT}/${lang}-${size.width}-devops.png`, fullPage: true });
    }
    const ctx = await browser.newContext({ locale: lang === 'fr' ? 'fr-CA' : 'en-CA' });
    const c = await ctx.newPage();
    await c.goto(`/onboarding?lang=${lang}`);
    await c.getByTestId('invitation-code').fill(code);
    for (const size of SIZES) { await c.setViewportSize(size); await c.screenshot({ path: `${OUT}/${lang}-${size.width}-onb-0.png`, fullPage: true }); }
    await c.keyboard.press('Enter');
    const next = lang === 'fr' ? 'Suivant' : 'Next';
    for (let step = 1; step <= 5; step++) {
      await c.waitForTimeout(500);
      for (const size of SIZES) { await c.setViewportSize(size); await c.screenshot({ path: `${OUT}/${lang}-${size.width}-onb-${step}.png`, fullPage: true }); }
      if (step === 1) {
        await c.locator('[data-testid^="clinic-name-"]').first().fill('Clinique Test');
        await c.getByTestId('clinic-sector').click();
        await c.getByRole('option').first().click();
      }
      if (step === 3) {
        const admin = c.locator('fieldset').first();
        const inputs = admin.locator('input:not([type=hidden])');
        const n = await inputs.count();
        for (let i = 0; i < n; i++) { const el = inputs.nth(i); const ac = await el.getAttribute('autocomplete'); const t = await el.getAttribute('type');
          await el.fill(t === 'email' ? `x${Date.now()}@example.test` : t === 'password' || ac === 'new-password' ? 'Soleil-2026!' : ac === 'username' ? `u${Date.now()}` : 'Chloé'); }
      }
      const b = c.getByRole('button', { name: next });
      if (await b.count()) await b.click(); else break;
    }
  });
}
