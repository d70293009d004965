import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsDemoUser } from './support/sign-in-as-admin';

/**
 * Maintenance status journey: the devops user sets "under maintenance" with a banner in the
 * devops panel; a signed-in agent sees the banner arrive live, closes it; devops then asks for
 * the maintenance page, which covers the agent's inbox and the sign-in page of a new visitor
 * until devops sets the service back to operational. Axe on the panel, the banner and the page.
 */

async function saveStatus(page: Page, choose: { status: string; overlay?: boolean; text?: string }) {
  const form = page.getByRole('form', { name: 'État du service' });
  await form.getByRole('combobox', { name: 'État' }).click();
  await page.getByRole('option', { name: choose.status }).click();
  const setSwitch = async (name: string, on: boolean) => {
    const control = form.getByRole('switch', { name, exact: true });
    if ((await control.isChecked()) !== on) await control.click({ force: true });
    await expect(control).toBeChecked({ checked: on });
  };
  await setSwitch('Afficher', choose.status !== 'Opérationnel');
  await setSwitch('Bandeau', true);
  await setSwitch('Page de maintenance', choose.overlay ?? false);
  await form
    .getByRole('textbox', { name: 'Texte du bandeau (Français)', exact: true })
    .fill(choose.text ?? '');
  await form.getByRole('button', { name: 'Enregistrer l’état' }).click();
  await expect(page.getByText('État du service enregistré')).toBeVisible();
}

/** What the server showed before the journey, put back after it even when it fails (the status is the whole server's). */
let before: Record<string, unknown> = {};
test.beforeEach(async ({ request }) => {
  const { updatedAt: _, ...shown } = (await (await request.get('/api/status')).json()) as Record<
    string,
    unknown
  >;
  before = shown;
});
test.afterEach(async ({ request }) => {
  const { jwt } = (await (
    await request.post('/api/auth/login', { data: { username: 'devops', password: 'Demo-Accueil-2026' } })
  ).json()) as { jwt: string };
  const reset = await request.put('/api/devops/status', {
    headers: { authorization: `Bearer ${jwt}` },
    data: before,
  });
  expect(reset.status()).toBe(200);
});

test('devops set the maintenance status: the banner arrives live, the maintenance page covers the app', async ({
  browser,
}) => {
  const devopsContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const devops = await devopsContext.newPage();
  const agent = await agentContext.newPage();
  try {
    await signInAsDemoUser(devops, 'devops');
    await signInAsDemoUser(agent, 'agent');
    await devops.goto('/devops');
    await saveStatus(devops, { status: 'En maintenance', text: 'Mise à jour des téléphones ce soir.' });
    expect(await seriousViolations(devops)).toEqual([]);

    const banner = agent.getByRole('status', { name: 'État du service' });
    await expect(banner).toContainText('Mise à jour des téléphones ce soir.');
    expect(await seriousViolations(agent)).toEqual([]);
    await banner.getByRole('button', { name: 'Masquer ce bandeau' }).click();
    await expect(banner).toBeHidden();

    await saveStatus(devops, { status: 'Panne majeure', overlay: true });
    const page = agent.getByRole('dialog', { name: 'Service momentanément indisponible' });
    await expect(page).toContainText('Accueil est en panne. Nous travaillons à rétablir le service.');
    expect(await seriousViolations(agent)).toEqual([]);
    // Devops keep their screens (they lift it), with the banner.
    await expect(devops.getByRole('dialog')).toBeHidden();
    await expect(devops.getByRole('alert', { name: 'État du service' })).toBeVisible();
    // A new visitor meets it on the sign-in page.
    const visitor = await visitorContext.newPage();
    await visitor.goto('/login');
    await expect(visitor.getByRole('dialog', { name: 'Service momentanément indisponible' })).toBeVisible();

    await saveStatus(devops, { status: 'Opérationnel' });
    await expect(page).toBeHidden();
    await expect(agent.getByRole('region', { name: 'Liste des conversations' })).toBeVisible();
  } finally {
    await devopsContext.close();
    await agentContext.close();
    await visitorContext.close();
  }
});
