import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';

/**
 * Contacts journey: create a contact, link a contact to it, find it by a search without accents,
 * import a Windows-1252 CSV and watch its progress and counts, delete the main contact (its
 * linked contact goes with it); axe on the table and the dialog.
 */

const fixture = fileURLToPath(
  new URL(
    '../../server/src/modules/contacts/import/fixtures/contacts-windows1252-semicolon.csv',
    import.meta.url,
  ),
);

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('contacts: create, link, search, import with live progress, delete', async ({ page }) => {
  // Four axe passes and a background import: longer than the default minute on a busy machine.
  journeyTimeout(120_000);
  const suffix = String((Date.now() % 9000) + 1000);
  await signInAsAdmin(page);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();

  // Create.
  await page.getByRole('button', { name: 'Nouveau contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Prénom' }).fill('Hélène');
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Désilets${suffix}`);
  await dialog.getByLabel('Téléphone').fill(`(438) 555-${suffix}`);
  await dialog.getByLabel('Courriel').fill(`helene${suffix}@example.ca`);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(dialog).toBeHidden();

  // Search without accents.
  await page.getByLabel('Rechercher un contact').fill(`desilets${suffix}`);
  const row = page.getByRole('row').filter({ hasText: `Désilets${suffix}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`(438) 555-${suffix}`);
  await expectNoSeriousViolations(page);

  // Link a contact to it.
  await row.getByRole('button', { name: `Modifier Hélène Désilets${suffix}` }).click();
  await page.getByRole('tab', { name: /Contacts liés/ }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Prénom' }).fill('Léo');
  await page.getByRole('dialog').getByRole('textbox', { name: 'Nom', exact: true }).fill(`Désilets${suffix}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Lier' }).click();
  await expect(page.getByRole('dialog').getByText(`Léo Désilets${suffix}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: `Désilets${suffix}` })).toHaveCount(2);

  // Import: progress, then the counts.
  await page.getByLabel('Rechercher un contact').fill('');
  await page.getByRole('button', { name: 'Importer' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Déposez le fichier ici ou cliquez pour le choisir' }).click();
  await (await chooser).setFiles(fixture);
  await expect(page.getByRole('progressbar', { name: 'Progression de l’importation' })).toBeVisible();
  await expect(page.getByText(/contacts? importés?, 6 lignes ignorées/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Télécharger les lignes ignorées' })).toBeVisible();
  // The reasons, counted and in French.
  const reasons = page.getByRole('list', { name: 'Lignes ignorées par raison' });
  await expect(
    reasons.getByRole('listitem').filter({ hasText: 'Numéro de téléphone invalide : 1' }),
  ).toBeVisible();
  await expect(reasons.getByRole('listitem')).toHaveCount(6);
  await expectNoSeriousViolations(page);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Fermer' })
    .filter({ hasText: 'Fermer' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Delete the main contact: the linked one goes with it.
  await page.getByLabel('Rechercher un contact').fill(`desilets${suffix}`);
  await expect(page.getByRole('row').filter({ hasText: `Désilets${suffix}` })).toHaveCount(2);
  await page
    .getByRole('row')
    .filter({ hasText: `Hélène` })
    .getByRole('button', { name: `Supprimer Hélène Désilets${suffix}` })
    .click();
  const confirm = page.getByRole('dialog', { name: `Supprimer Hélène Désilets${suffix} ?` });
  await expect(confirm).toContainText('contact lié');
  await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(page.getByText('Aucun contact ne correspond à cette recherche.')).toBeVisible();
});

test('inbox: the contact of an unknown number is created from the contact panel, names its conversation, and is found by name', async ({
  page,
  context,
}) => {
  const suffix = String((Date.now() % 9000) + 1000);
  const word = `inconnu${suffix}`;
  await signInAsAdmin(page);

  // An unknown number texts the team from the phone simulator.
  const phone = await context.newPage();
  const device = await textFromSimulator(phone, `+1438557${suffix}`, `Bonjour (${word})`);
  await expect(device.getByText(`Bonjour (${word})`)).toBeVisible();
  await phone.close();

  const row = page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: word });
  await expect(row).toContainText(`(438) 557-${suffix}`);
  await row.click();
  const panel = page.getByRole('complementary', { name: 'Fiche du contact' });
  await expect(panel.getByText('Contact inconnu')).toBeVisible();

  // Create its contact: the phone is already filled in.
  await panel.getByRole('button', { name: 'Créer le contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau contact' });
  await expect(dialog.getByRole('textbox', { name: 'Téléphone' })).toHaveValue(/438.*557/);
  await dialog.getByRole('textbox', { name: 'Prénom' }).fill('Noémie');
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Gauthier${suffix}`);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(dialog).toBeHidden();

  // The conversation is named at once, in the panel and in the list.
  await expect(panel.getByText(`Noémie Gauthier${suffix}`)).toBeVisible();
  await expect(row).toContainText(`Noémie Gauthier${suffix}`);

  // The new-conversation dialog finds the contact by its name: its conversation exists already.
  await page.getByRole('button', { name: 'Nouvelle conversation' }).first().click();
  const start = page.getByRole('dialog', { name: 'Nouvelle conversation' });
  await start.getByRole('textbox', { name: /Numéro de téléphone ou nom/ }).fill(`gauthier${suffix}`);
  await start
    .getByRole('list', { name: 'Contacts trouvés' })
    .getByRole('button', { name: new RegExp(`Noémie Gauthier${suffix}`) })
    .click();
  await expect(start.getByText('Une conversation existe déjà avec ce numéro.')).toBeVisible();
  await expectNoSeriousViolations(page);
});
