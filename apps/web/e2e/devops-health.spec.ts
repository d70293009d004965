import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';

/**
 * The operators' health panel (docs/behaviour/operations.md): devops read each carrier's state
 * (the journeys' server runs the sandbox carriers and the disk store: all answering), in French
 * and in English; axe on the panel; screenshots at the two reviewed sizes.
 */
const TEXTS = {
  'fr-CA': {
    lang: 'fr',
    user: "Nom d'utilisateur",
    password: 'Mot de passe',
    region: 'Santé de l’installation',
    up: 'Répond',
  },
  'en-CA': {
    lang: 'en',
    user: 'Username',
    password: 'Password',
    region: 'Installation health',
    up: 'Answering',
  },
} as const;

async function signInAsDevops(page: Page, t: (typeof TEXTS)[keyof typeof TEXTS]) {
  await page.goto(`/login?lang=${t.lang}`);
  await page.getByLabel(t.user).fill('devops');
  await page.getByLabel(t.password, { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
}

for (const locale of ['fr-CA', 'en-CA'] as const) {
  test(`${locale}: the health panel shows each carrier answering`, async ({ browser }, testInfo) => {
    const t = TEXTS[locale];
    const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signInAsDevops(page, t);
      await page.goto('/devops');
      const panel = page.getByRole('region', { name: t.region }).getByTestId('health-panel');
      for (const capability of ['messaging', 'voice', 'email', 'storage'])
        await expect(panel.getByTestId(`carrier-${capability}`)).toContainText(t.up);
      // The teams' mailboxes are named, not asked.
      await expect(panel.getByTestId('carrier-emailChannel')).not.toContainText(t.up);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshots(page, testInfo, `devops-health-${locale}`, '[data-testid="health-panel"]');
    } finally {
      await context.close();
    }
  });
}
