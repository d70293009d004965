import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { seriousViolations } from './support/axe';

/**
 * Quick messages journey: the administrator writes a quick message with tokens on /text-bloc,
 * a contact known to the address book texts the team from the phone simulator, the
 * administrator opens the conversation, inserts the quick message with `/`, sees it filled
 * for the contact, sends it, and the phone receives the filled text. Axe on the list, the
 * editor and the composer's picker; screenshots of the screens in fr-CA and en-CA.
 */

const SHOTS = process.env.QUICK_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a quick message with tokens, inserted with / and sent filled for the contact', async ({
  page,
  context,
  request,
}) => {
  const suffix = String((Date.now() % 9000) + 1000);
  const contactNumber = `+1438556${suffix}`;
  const title = `Rappel ${suffix}`;

  // The contact is in the address book (so the conversation is linked to her).
  const { jwt } = (await (
    await request.post('/api/auth/login', { data: { username: 'admin', password: 'Demo-Accueil-2026' } })
  ).json()) as { jwt: string };
  const created = await request.post('/api/contacts', {
    headers: { authorization: `Bearer ${jwt}` },
    data: { firstName: 'Éloïse', lastName: `Gagnon${suffix}`, phone: contactNumber },
  });
  expect(created.status()).toBe(201);

  await signInAsAdmin(page);

  // The contact texts the team.
  const phone = await context.newPage();
  await phone.goto('/sandbox/phone');
  await phone.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
  await phone.getByRole('option', { name: 'Autre numéro…' }).click();
  await phone.getByLabel('Numéro du téléphone').fill(contactNumber);
  await phone.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
  await phone.getByRole('option', { name: 'Principal · (514) 555-0100' }).click();
  const device = phone.getByRole('region', { name: 'Téléphone simulé' });
  await device.getByRole('textbox', { name: 'Texto' }).fill(`Bonjour (${suffix})`);
  await device.getByRole('button', { name: 'Envoyer' }).click();
  const row = page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: `Gagnon${suffix}` });
  await expect(row).toBeVisible();

  // Write the quick message, tokens inserted with their buttons.
  await page.getByRole('link', { name: 'Réponses rapides' }).click();
  await expect(page).toHaveURL(/\/text-bloc$/);
  await expect(page.getByRole('heading', { name: 'Réponses rapides' })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle réponse rapide' }).click();
  await expect(page).toHaveURL(/\/text-template\/new/);
  // The list stays on screen while the editor loads, and its search field's label holds «titre»:
  // the editor's own heading first, then its exact field.
  await expect(page.getByRole('heading', { name: 'Nouvelle réponse rapide' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  const body = page.getByRole('textbox', { name: 'Texte' });
  await body.fill('Bonjour ');
  await page.getByRole('button', { name: 'Prénom', exact: true }).click();
  await body.press('End');
  await body.pressSequentially(', ici ');
  await page.getByRole('button', { name: "Nom de l'organisation" }).click();
  await body.press('End');
  await body.pressSequentially('. À bientôt!');
  await expect(body).toHaveValue('Bonjour {{first_name}}, ici {{organization_name}}. À bientôt!');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'editor-fr-CA');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/text-bloc$/);
  await expect(page.getByTestId('quick-message-row').filter({ hasText: title })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'list-fr-CA');

  // Open the conversation and insert the quick message with /.
  await page.getByRole('link', { name: 'Conversations' }).click();
  await row.click();
  const composer = page.getByLabel('Message', { exact: true });
  await composer.click();
  await composer.press('/');
  const search = page.getByRole('combobox', { name: 'Rechercher une réponse rapide' });
  await expect(search).toBeFocused();
  await search.fill(suffix);
  await expect(page.getByRole('option', { name: new RegExp(title) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'picker-fr-CA');
  await search.press('Enter');

  const filled = `Bonjour Éloïse, ici Clinique Démo. À bientôt!`;
  const preview = page.getByTestId('token-preview');
  await expect(preview).toContainText(filled);
  await expect(page.getByLabel('Message', { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'composer-fr-CA');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();

  await expect(page.getByText(filled, { exact: true })).toBeVisible();
  await expect(device.getByText(filled)).toBeVisible();
});

test('the quick messages screens in English', async ({ page }) => {
  await page.goto('/login?lang=en');
  await page.locator('input[autocomplete="username"]').fill('notaire');
  await page.locator('input[autocomplete="current-password"]').fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await page.goto('/text-template/new');
  await page.getByLabel('Title').fill('Appointment reminder');
  await page.getByRole('textbox', { name: 'Text' }).fill('Hello {{first_name}}, see you on {{date}}.');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'editor-en-CA');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/text-bloc$/);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'list-en-CA');
});

test('the Automations tab: an administrator sets the missed-text reply', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=automations');
  const card = page.getByRole('region', { name: "Texto reçu hors des heures d'ouverture" });
  await expect(card).toBeVisible();
  await card
    .getByRole('textbox', { name: 'Texte de la réponse' })
    .fill('Bonjour {{first_name}}, nous sommes fermés. Nous vous répondrons dès notre retour.');
  await card.getByRole('switch', { name: 'Activée' }).check({ force: true });
  await card.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Réponse automatique enregistrée.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'automations-fr-CA');
});

test('a new quick message starts from a template shipped for the clinic', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/text-template/new');
  const starter = page.getByRole('combobox', { name: "Partir d'un modèle" });
  await starter.click();
  await expect(page.getByRole('option', { name: 'Rappel de rendez-vous' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'template-starter-fr-CA');
  await page.getByRole('option', { name: 'Appel manqué' }).click();
  await expect(page.getByRole('textbox', { name: 'Titre' })).toHaveValue('Appel manqué');
  await expect(page.getByRole('textbox', { name: 'Texte' })).toHaveValue(/nous avons manqué votre appel/);
  await expect(page.getByRole('switch', { name: /Modèle à compléter/ })).toBeChecked();
  await page.getByRole('link', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(/\/text-bloc$/);
});
