import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';

/**
 * Onboarding a new clinic entirely from the browser, in fr-CA and en-CA: the devops user creates
 * an invitation code on /devops; in a fresh browser context (no session) the clinic goes through
 * the wizard with that code and lands signed in as its administrator. No serious or critical axe
 * violation on the devops panel and on the wizard's steps.
 */
const LOCALES = [
  {
    locale: 'fr-CA',
    lang: 'fr',
    t: {
      create: 'Créer un code',
      next: 'Suivant',
      finish: 'Créer ma clinique',
      first: /^Prénom/,
      last: /^Nom\s*\*?$/,
      email: /^Courriel/,
      username: /^Nom d'utilisateur/,
      password: /^Mot de passe/,
      sector: 'Dentaire',
    },
  },
  {
    locale: 'en-CA',
    lang: 'en',
    t: {
      create: 'Create a code',
      next: 'Next',
      finish: 'Create my clinic',
      first: /^First name/,
      last: /^Last name/,
      email: /^E-mail/,
      username: /^Username/,
      password: /^Password/,
      sector: 'Dental',
    },
  },
] as const;

for (const { locale, lang, t } of LOCALES) {
  test(`${locale}: devops creates an invitation code, a new clinic onboards with it and is signed in`, async ({
    page,
    browser,
  }) => {
    await page.goto(`/login?lang=${lang}`);
    await page.locator('input[autocomplete="username"]').fill('devops');
    await page.locator('input[autocomplete="current-password"]').fill('Demo-Accueil-2026');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/conversations$/);
    await page.goto('/devops');
    await page.getByRole('button', { name: t.create }).click();
    const code = (await page.getByTestId('new-invitation-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await seriousViolations(page)).toEqual([]);

    const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
    const clinic = await context.newPage();
    const id = Math.random().toString(36).slice(2, 8);
    await clinic.goto(`/onboarding?lang=${lang}`);
    await clinic.getByTestId('invitation-code').fill(code.toLowerCase());
    expect(await seriousViolations(clinic)).toEqual([]);
    await clinic.keyboard.press('Enter');
    // Going on with the clinic's name missing: refused on the field, which takes the focus.
    const name = clinic.getByTestId(`clinic-name-${locale}`);
    await expect(name).toBeVisible();
    await clinic.getByRole('button', { name: t.next }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    expect(await seriousViolations(clinic)).toEqual([]);
    await screenshots(clinic, test.info(), `onboarding-refused-${locale}`);
    await name.fill(`Clinique ${id}`);
    await clinic.getByTestId('clinic-sector').click();
    await clinic.getByRole('option', { name: t.sector }).click();
    expect(await seriousViolations(clinic)).toEqual([]);
    await clinic.getByRole('button', { name: t.next }).click();
    await clinic.getByRole('button', { name: t.next }).click();
    const admin = clinic.locator('fieldset').first();
    await admin.getByLabel(t.first).fill('Chloé');
    await admin.getByLabel(t.last).fill('Tremblay');
    await admin.getByLabel(t.email).fill(`chloe-${id}@example.test`);
    await admin.getByLabel(t.username).fill(`chloe-${id}`);
    await admin.getByLabel(t.password).fill('Soleil-2026!');
    expect(await seriousViolations(clinic)).toEqual([]);
    await clinic.getByRole('button', { name: t.next }).click();
    expect(await seriousViolations(clinic)).toEqual([]);
    await clinic.getByRole('button', { name: t.next }).click();
    await clinic.getByRole('button', { name: t.finish }).click();
    await expect(clinic).toHaveURL(/\/conversations$/);
    await expect(clinic.getByText('Chloé Tremblay')).toBeVisible();
    await expect(clinic.getByText(`Clinique ${id}`)).toBeVisible();
    await context.close();
  });
}
