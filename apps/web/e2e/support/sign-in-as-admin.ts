import { expect, type Page } from '@playwright/test';

/** Signs in as the demo administrator (fr-CA) and waits for the inbox with its realtime connection up. */
export function signInAsAdmin(page: Page): Promise<void> {
  return signInAsDemoUser(page, 'admin');
}

/** Signs in as a demo user of Clinique Démo (`admin`, `agent`; fr-CA) and waits for the inbox with its realtime connection up. */
export async function signInAsDemoUser(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');
}
