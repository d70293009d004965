import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * The configuration forms refuse in place, in fr-CA and en-CA: a new team without a name (the
 * error under the field, which takes the focus; nothing created), a team's add-member form
 * (its button waits for a choice), the users' list, and a schedule closing before it opens
 * (the error beside the field, saving blocked). No serious or critical axe violation on each,
 * screenshots at 1440 × 900 and 1024 × 768.
 */
const TEXTS = {
  'fr-CA': {
    newTeam: 'Nouvelle équipe',
    create: "Créer l'équipe",
    name: 'Nom',
    required: 'Ce champ est obligatoire.',
    mine: 'Mes équipes',
    editTeam: 'Modifier Principal',
    add: 'Ajouter',
    users: 'Utilisateurs',
    mondayCloses: 'lundi : fermeture',
    startAfterEnd: 'L’heure d’ouverture doit précéder l’heure de fermeture.',
    save: 'Enregistrer',
  },
  'en-CA': {
    newTeam: 'New team',
    create: 'Create the team',
    name: 'Name',
    required: 'This field is required.',
    mine: 'My teams',
    editTeam: 'Edit Principal',
    add: 'Add',
    users: 'Users',
    mondayCloses: 'Monday: closes at',
    startAfterEnd: 'Opening time must be before closing time.',
    save: 'Save',
  },
} as const;

/** The notary's administrator, in English (the clinic's journeys stay in French). */
async function signInInEnglish(page: Page) {
  await page.goto('/login?lang=en');
  await page.getByLabel('Username').fill('notaire');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
}

for (const locale of ['fr-CA', 'en-CA'] as const) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`${locale}: the team, users and schedule forms refuse in place`, async ({ page }, testInfo) => {
      const t = TEXTS[locale];
      await (locale === 'fr-CA' ? signInAsAdmin(page) : signInInEnglish(page));

      await page.goto('/configuration?configTab=teams');
      await expect(page.getByRole('table', { name: t.mine })).toBeVisible();
      await page.getByRole('button', { name: t.newTeam }).click();
      const dialog = page.getByRole('dialog', { name: t.newTeam });
      await dialog.getByRole('button', { name: t.create }).click();
      const label = dialog.getByRole('textbox', { name: t.name, exact: false }).first();
      await expect(label).toHaveAttribute('aria-invalid', 'true');
      await expect(label).toBeFocused();
      await expect(dialog.getByText(t.required).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshots(page, testInfo, `team-refused-${locale}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: t.editTeam }).click();
      const team = page.getByRole('dialog');
      await expect(team.getByRole('button', { name: t.add, exact: true })).toBeDisabled();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/configuration?configTab=users');
      await expect(page.getByRole('table', { name: t.users })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshots(page, testInfo, `users-${locale}`);

      await page.goto('/configuration?configTab=schedules');
      const closes = page.getByLabel(t.mondayCloses);
      await closes.fill('08:00');
      await expect(closes).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t.startAfterEnd)).toBeVisible();
      await expect(page.getByRole('button', { name: t.save, exact: true })).toBeDisabled();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshots(page, testInfo, `schedule-refused-${locale}`);
    });
  });
}
