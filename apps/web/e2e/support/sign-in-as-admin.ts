import { expect, type Page } from '@playwright/test';

/** Signs in as the demo administrator (fr-CA) and waits for the inbox with its realtime connection up. */
export function signInAsAdmin(page: Page): Promise<void> {
  return signInAsDemoUser(page, 'admin');
}

/**
 * Signs in as a demo user of Clinique Démo (`admin`, `agent`, `devops`) in fr-CA and waits for the
 * inbox with its realtime connection up. `?lang=fr` makes French the user's saved language: a
 * journey before may have left this user in English (the onboarding journey's en-CA run does).
 */
export async function signInAsDemoUser(page: Page, username: string): Promise<void> {
  await page.goto('/login?lang=fr');
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');
}
