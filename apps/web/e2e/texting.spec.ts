import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * Texting journey: a person signs in, a contact texts the team from the phone simulator in a
 * second page, the text appears in the inbox without reload, the person replies, the reply
 * reaches the simulated phone, the conversation is archived, found again by search, and the
 * person signs out.
 */

test('texting with the phone simulator, both ways, live', async ({ page, context }) => {
  const suffix = String((Date.now() % 9000) + 1000);
  const contactNumber = `+1438555${suffix}`;
  const displayed = `(438) 555-${suffix}`;
  const word = `rdv${suffix}`;

  await signInAsAdmin(page);

  const phone = await context.newPage();
  await phone.goto('/sandbox/phone');
  await phone.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
  await phone.getByRole('option', { name: 'Autre numéro…' }).click();
  await phone.getByLabel('Numéro du téléphone').fill(contactNumber);
  await phone.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
  await phone.getByRole('option', { name: 'Principal · (514) 555-0100' }).click();
  const device = phone.getByRole('region', { name: 'Téléphone simulé' });
  await device.getByRole('textbox', { name: 'Texto' }).fill(`Bonjour, je voudrais déplacer mon ${word}.`);
  await device.getByRole('button', { name: 'Envoyer' }).click();
  await expect(device.getByText(`Bonjour, je voudrais déplacer mon ${word}.`)).toBeVisible();

  // Arrives in the inbox without reload.
  const list = page.getByRole('region', { name: 'Liste des conversations' });
  const row = list.getByRole('option').filter({ hasText: word });
  await expect(row).toBeVisible();
  await expect(row).toContainText(displayed);
  await row.click();
  await expect(page.getByText(`Bonjour, je voudrais déplacer mon ${word}.`).last()).toBeVisible();

  // Reply; it reaches the phone and is reported delivered.
  const reply = `Bien sûr, quel jour vous conviendrait? (${word})`;
  await page.getByLabel('Message', { exact: true }).fill(reply);
  await page.getByLabel('Message', { exact: true }).press('Enter');
  await expect(page.getByText(reply, { exact: true })).toHaveCount(1);
  await expect(page.getByText(reply, { exact: true })).toBeVisible();
  await expect(page.getByText('Distribué').last()).toBeVisible();
  await expect(device.getByText(reply)).toBeVisible();

  // Archive, then find it by search in the archived list.
  await page.getByRole('button', { name: 'Archiver' }).first().click();
  await page.getByRole('tab', { name: /Archivées/ }).click();
  await page.getByLabel('Rechercher des conversations').fill(word);
  await expect(page.getByText(displayed).first()).toBeVisible();

  // Sign out.
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/login$/);
});
