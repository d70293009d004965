import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsDemoUser } from './support/sign-in-as-admin';

/**
 * Help pages journey: from the side menu, the FAQ (a search opens the matching answers, a search
 * without match says so) and the release notes through the version entry; axe on both.
 */
test('the FAQ answers a search and the version entry opens the release notes', async ({ page }) => {
  await signInAsDemoUser(page, 'agent');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });

  await nav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeVisible();
  await expect(page).toHaveTitle('Foire aux questions · Accueil');
  const search = page.getByRole('searchbox', { name: 'Rechercher dans la FAQ' });
  await search.fill('transférer appel');
  await expect(page.getByTestId('faq-count')).toHaveText('1 réponse');
  await expect(page.getByText(/Mettre en attente fait patienter l’appelant/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await search.fill('télécopieur');
  await expect(page.getByText('Aucune réponse ne contient « télécopieur »', { exact: false })).toBeVisible();
  await search.fill('');
  // Keyboard: the first question opens with Enter.
  await page.getByRole('button', { name: 'Comment envoyer un texto à un contact ?' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Le message passe à « envoyé »/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await nav.getByRole('link', { name: 'Version 5.5.1' }).click();
  await expect(page).toHaveURL(/\/release-notes$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Version 5.5.1' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Corrections' }).getByRole('listitem')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
});
