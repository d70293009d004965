import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * Journeys of the texting slice's defects: a text to a landline says why it failed, can be
 * sent again and marks its row; a search finds an archived conversation's message from the
 * active tab; the composer warns past one SMS segment and links stay safe; switching team
 * closes the other team's conversation. Axe checks what these journeys add (failure notice,
 * failure mark, search hint, segment counter and warning): no serious or critical violation.
 */
async function expectNoSeriousViolations(page: Page, selectors: string[]) {
  const builder = new AxeBuilder({ page });
  for (const selector of selectors) builder.include(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function startConversation(page: Page, phone: string, body: string) {
  await page.getByRole('button', { name: 'Nouvelle conversation' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Numéro de téléphone').fill(phone);
  await dialog.getByLabel('Premier message (facultatif)').fill(body);
  await dialog.getByRole('button', { name: 'Commencer la conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
}

test('a text to a landline says why, is sent again on request, marks its row, and is found archived by search', async ({
  page,
}) => {
  const landline = `+1514${String((Date.now() % 800) + 200)}0000`;
  const word = `rappel${Date.now() % 100000}`;
  await signInAsAdmin(page);
  await startConversation(page, landline, `Bonjour, votre ${word} est prêt.`);

  const view = page
    .locator('section')
    .filter({ has: page.getByRole('textbox', { name: 'Message', exact: true }) });
  await expect(view.getByText('Ligne fixe : ce numéro ne peut pas recevoir de textos.')).toBeVisible();
  await expect(view.getByText('(code 30006)')).toBeVisible();
  await expectNoSeriousViolations(page, ['[data-testid="failure-notice"]']);

  await view.getByRole('button', { name: 'Renvoyer' }).click();
  await expect(view.getByText('Renvoyé')).toBeVisible();
  await expect(view.getByText(`Bonjour, votre ${word} est prêt.`)).toHaveCount(2);
  await expect(view.getByText('Ligne fixe : ce numéro ne peut pas recevoir de textos.')).toHaveCount(2);

  const list = page.getByRole('region', { name: 'Liste des conversations' });
  const row = list.getByRole('option').filter({ hasText: word });
  await expect(row.getByRole('img', { name: 'Dernier envoi en échec' })).toBeVisible();

  // Archived, then found from the active tab by a word of its message.
  await page.getByRole('button', { name: 'Archiver' }).first().click();
  await expect(list.getByRole('option').filter({ hasText: word })).toHaveCount(0);
  await page.getByLabel('Rechercher des conversations').fill(word);
  await expect(page.getByText('Résultats parmi les actives et les archivées')).toBeVisible();
  const found = list.getByRole('option').filter({ hasText: word });
  await expect(found).toHaveCount(1);
  await expect(found.getByText('Archivée')).toBeVisible();
  await expect(found.locator('mark')).toHaveText(word);
  await expectNoSeriousViolations(page, ['[data-testid="search-hint"]', '[data-testid="failure-notice"]']);
});

test('the composer warns past one segment; web links open safely; switching team closes the open conversation', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const list = page.getByRole('region', { name: 'Liste des conversations' });
  await list.getByRole('option').first().click();
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });

  await composer.fill('a'.repeat(160));
  await expect(page.getByTestId('segment-count')).toHaveText('160/160 · 1 texto');
  await expect(page.getByTestId('segment-warning')).toHaveText('');
  await composer.fill('a'.repeat(161));
  await expect(page.getByTestId('segment-warning')).toHaveText(
    'Ce message partira en 2 textos, facturés chacun.',
  );
  await expect(page.getByTestId('segment-warning')).toHaveAttribute('aria-live', 'polite');
  await expectNoSeriousViolations(page, ['[data-testid="segment-count"]', '[data-testid="segment-warning"]']);

  const stamp = Date.now() % 100000;
  await composer.fill(`Formulaire ${stamp} : https://exemple.ca/formulaire et javascript:alert(1)`);
  await composer.press('Enter');
  const link = page.getByRole('link', { name: 'https://exemple.ca/formulaire' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: /javascript/ })).toHaveCount(0);

  const openUrl = page.url();
  await page.getByTestId('team-switcher').click();
  await page.getByRole('menuitem', { name: /Hygiène/ }).click();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(page.getByText('Aucune conversation sélectionnée')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/conversations$/);
  expect(page.url()).not.toBe(openUrl);

  // The current team is saved with the user: back to Principal for the journeys that follow.
  await page.getByTestId('team-switcher').click();
  await page.getByRole('menuitem', { name: /Principal/ }).click();
  await expect(page.getByTestId('team-switcher')).toContainText('Principal');
});
