import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { journeyTimeout } from './support/time-scale';

/**
 * A clinic in France (docs/behaviour/france.md): onboarded with country France and language
 * French (France), its team given a number, its inbox works on polling — a text from the phone
 * simulator appears without reload, the reply goes out, the conversation is archived — through
 * the threads' paths, with no inbox event taken from the socket; the help menu has no version
 * entry. Screenshots in fr-FR and en-CA; axe on the inbox.
 */
test('a French clinic’s inbox works on polling: a text arrives, a reply goes out, archive', async ({
  page,
  browser,
}) => {
  journeyTimeout(240_000);
  await page.goto('/login?lang=fr');
  await page.locator('input[autocomplete="username"]').fill('devops');
  await page.locator('input[autocomplete="current-password"]').fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await page.goto('/devops');
  await page.getByRole('button', { name: 'Créer un code' }).click();
  const code = (await page.getByTestId('new-invitation-code').textContent())!.trim();

  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
  const clinic = await context.newPage();
  const id = Math.random().toString(36).slice(2, 8);
  const threads: string[] = [];
  let polls = 0;
  clinic.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/messaging/v1/threads')) threads.push(`${r.method()} ${path}`);
    if (path === '/api/messaging/v1/polling') polls += 1;
  });
  await clinic.goto('/onboarding?lang=fr');
  await clinic.getByTestId('invitation-code').fill(code.toLowerCase());
  await clinic.keyboard.press('Enter');
  await clinic.getByRole('combobox', { name: 'Langue de la clinique' }).click();
  await clinic.getByRole('option', { name: 'Français (France)' }).click();
  await clinic.getByTestId('clinic-name-fr-FR').fill(`Cabinet ${id}`);
  await clinic.getByTestId('clinic-country').click();
  await clinic.getByRole('option', { name: 'France' }).click();
  await clinic.getByTestId('clinic-sector').click();
  await clinic.getByRole('option', { name: /Dentaire/ }).click();
  await clinic.getByRole('button', { name: 'Suivant' }).click();
  await clinic.getByRole('button', { name: 'Suivant' }).click();
  const admin = clinic.locator('fieldset').first();
  await admin.getByLabel(/^Prénom/).fill('Camille');
  await admin.getByLabel(/^Nom\s*\*?$/).fill('Martin');
  await admin.getByLabel(/^(Courriel|E-mail|Adresse)/).fill(`camille-${id}@example.test`);
  await admin.getByLabel(/^Nom d'utilisateur|^Identifiant/).fill(`camille-${id}`);
  await admin.getByLabel(/^Mot de passe/).fill('Soleil-2026!');
  await clinic.getByRole('button', { name: 'Suivant' }).click();
  await clinic.getByRole('button', { name: 'Suivant' }).click();
  await clinic.getByRole('button', { name: /Créer ma clinique|Créer mon cabinet/ }).click();
  await expect(clinic).toHaveURL(/\/conversations$/);

  // The team gets a French number, so the phone simulator can text it.
  const teamNumber = `+3319${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  await clinic.goto('/configuration?configTab=teams');
  await clinic
    .getByRole('button', { name: /^Modifier/ })
    .first()
    .click();
  await clinic.getByLabel('Numéro de téléphone').fill(teamNumber);
  const saved = clinic.waitForResponse(
    (r) => r.request().method() !== 'GET' && /\/api\/teams\//.test(r.url()),
  );
  await clinic.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await saved).status()).toBe(200);
  await clinic.keyboard.press('Escape');
  await expect(clinic.getByRole('dialog')).toHaveCount(0);
  await clinic.goto('/conversations');
  await expect.poll(() => polls, { timeout: 15_000 }).toBeGreaterThan(1);
  // France hides the version entry (release notes) of the help menu.
  await expect(clinic.getByRole('link', { name: /Version|5\.5\.1/ })).toHaveCount(0);

  const suffix = String((Date.now() % 9000) + 1000);
  const word = `rdv${suffix}`;
  const phone = await context.newPage();
  await phone.goto('/sandbox/phone');
  await phone.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
  await phone.getByRole('option', { name: 'Autre numéro…' }).click();
  await phone.getByLabel('Numéro du téléphone').fill(`+3361208${suffix}`);
  await phone.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
  await phone.locator(`[role="option"][value="${teamNumber}"]`).click();
  const device = phone.getByRole('region', { name: 'Téléphone simulé' });
  await device
    .getByRole('textbox', { name: /^(Texto|SMS)$/ })
    .fill(`Bonjour, je souhaite déplacer mon ${word}.`);
  await device.getByRole('button', { name: 'Envoyer', exact: true }).click();

  // Arrives by polling (no reload), in the list and the timeline.
  const list = clinic.getByRole('region', { name: 'Liste des conversations' });
  const row = list.getByRole('option').filter({ hasText: word });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  await expect(clinic.getByText(`Bonjour, je souhaite déplacer mon ${word}.`).last()).toBeVisible();
  expect(await seriousViolations(clinic)).toEqual([]);
  await screenshots(clinic, test.info(), 'france-inbox-fr-FR');

  // The reply goes out and reaches the phone; its delivery comes back by polling.
  const reply = `Bien sûr, quel jour vous conviendrait ? (${word})`;
  await clinic.getByLabel('Message', { exact: true }).fill(reply);
  await clinic.getByLabel('Message', { exact: true }).press('Enter');
  await expect(clinic.getByText(reply, { exact: true })).toBeVisible();
  await expect(device.getByText(reply)).toBeVisible({ timeout: 20_000 });
  await expect(clinic.getByText('Distribué').last()).toBeVisible({ timeout: 20_000 });

  // Archive: through the threads' path (status, not state).
  await clinic.getByRole('button', { name: 'Archiver' }).first().click();
  await clinic.getByRole('tab', { name: /Archivées/ }).click();
  await expect(list.getByRole('option').filter({ hasText: word })).toBeVisible();
  expect(threads.some((t) => t.startsWith('GET /api/messaging/v1/threads'))).toBe(true);
  expect(threads.some((t) => /^PUT \/api\/messaging\/v1\/threads\//.test(t))).toBe(true);

  // When polling fails 5 times in a row it stops, says so, and resumes on request.
  await clinic.route('**/api/messaging/v1/polling**', (route) => route.abort());
  await expect(clinic.getByTestId('polling-stopped-banner')).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(clinic)).toEqual([]);
  await screenshots(clinic, test.info(), 'france-polling-stopped-fr-FR');
  await clinic.unroute('**/api/messaging/v1/polling**');
  await clinic.getByTestId('polling-resume').click();
  await expect(clinic.getByTestId('polling-stopped-banner')).toHaveCount(0);

  await switchToEnglish(clinic);
  await screenshots(clinic, test.info(), 'france-inbox-en-CA');
  await context.close();
});

/** The interface in English (Canada), through the shell's language menu. */
async function switchToEnglish(page: Page): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-option-en-CA').click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}
