import type { Locator, Page } from '@playwright/test';

/**
 * On `phone` (a page of its own), opens the phone simulator as number `from` (E.164), texts
 * `body` to the demo team's main number (514) 555-0100, and answers the simulated device.
 */
export async function textFromSimulator(phone: Page, from: string, body: string): Promise<Locator> {
  await openSimulatorAs(phone, from);
  const device = phone.getByRole('region', { name: 'Téléphone simulé' });
  await device.getByRole('textbox', { name: 'Texto' }).fill(body);
  await device.getByRole('button', { name: 'Envoyer' }).click();
  return device;
}

/** On `phone`, opens the phone simulator as number `from` (E.164), facing the demo team's main number (514) 555-0100. */
export async function openSimulatorAs(phone: Page, from: string): Promise<void> {
  await phone.goto('/sandbox/phone');
  await phone.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
  await phone.getByRole('option', { name: 'Autre numéro…' }).click();
  await phone.getByLabel('Numéro du téléphone').fill(from);
  await phone.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
  await phone.getByRole('option', { name: 'Principal · (514) 555-0100' }).click();
}
