import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * Mails with set-password links, through the sandbox mailbox (/sandbox/mail). Account
 * invitation: the demo administrator invites the demo agent (through the API), the invitation's
 * link welcomes the agent, who chooses a password and signs in with it. Password forgotten: the
 * agent asks for a link from the login page, follows it from the mail, sets a new password (the
 * rules tick off as typed) and signs in; the link then no longer works. Axe on each page.
 */

const AGENT_MAIL = 'agent@clinique-demo.ca';

/** Opens the newest mail to `to` in the sandbox mailbox (its subject is `subject`) and follows its set-password link; returns the link. */
async function followMailLink(mailbox: Page, page: Page, to: string, subject: string): Promise<string> {
  await mailbox.goto(`/sandbox/mail?to=${encodeURIComponent(to)}`);
  const view = mailbox.getByTestId('sandbox-mail-view');
  await expect(view.getByRole('heading', { name: subject })).toBeVisible();
  await expect(view.locator('iframe')).toHaveAttribute('sandbox', '');
  // The text part: the HTML part's frame runs no script, so neither Playwright nor axe can look inside it.
  await view.getByText('Texte', { exact: true }).click();
  await expect(view.getByText(/Bonjour Julien,/)).toBeVisible();
  expect(await seriousViolations(mailbox)).toEqual([]);
  const href = await view.getByTestId('sandbox-mail-link').first().getAttribute('href');
  expect(href).toMatch(/\/password-reset\?token=[\w-]{43}$/);
  await page.goto(href!);
  return href!;
}

async function choosePassword(page: Page, password: string) {
  await expect(page.getByRole('textbox', { name: "Nom d'utilisateur" })).toHaveValue('agent');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(password.slice(0, 6));
  await expect(page.getByTestId('password-rules').locator('[data-met="true"]')).toHaveCount(3);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(password);
  await expect(page.getByTestId('password-rules').locator('[data-met="true"]')).toHaveCount(5);
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill(password);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toContainText('« agent »');
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Nom d'utilisateur").fill('agent');
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
}

// The journeys after these sign the agent in with the demo password: it is set back through an
// invitation's link (API and sandbox mailbox; a second forgotten-password mail would be throttled),
// whatever state a failure left.
test.afterAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Demo-Accueil-2026' },
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
  const users = (await (await request.get('/api/users', { headers })).json()) as {
    id: string;
    username: string;
  }[];
  const agent = users.find((u) => u.username === 'agent')!;
  expect((await request.post(`/api/users/${agent.id}/invitation`, { headers })).status()).toBe(202);
  const mails = (await (
    await request.get(`/api/sandbox/mail?to=${encodeURIComponent(AGENT_MAIL)}`)
  ).json()) as { items: { text: string }[] };
  const token = /password-reset\?token=([\w-]{43})/.exec(mails.items[0]!.text)?.[1];
  expect(token).toBeTruthy();
  const reset = await request.post('/api/auth/password/reset', {
    data: { token, password: 'Demo-Accueil-2026', confirmation: 'Demo-Accueil-2026' },
  });
  expect(reset.ok(), `the agent's password put back: ${reset.status()}`).toBe(true);
});

test('account invitation: the invited person chooses a password and signs in', async ({
  page,
  context,
  request,
}) => {
  const signIn = async (username: string) =>
    (await (
      await request.post('/api/auth/login', { data: { username, password: 'Demo-Accueil-2026' } })
    ).json()) as { jwt: string; user: { id: string } };
  const [admin, agent] = [await signIn('admin'), await signIn('agent')];
  const invited = await request.post(`/api/users/${agent.user.id}/invitation`, {
    headers: { authorization: `Bearer ${admin.jwt}` },
  });
  expect(invited.status()).toBe(202);

  await followMailLink(await context.newPage(), page, AGENT_MAIL, 'Votre compte Accueil pour Clinique Démo');
  await expect(page.getByRole('heading', { name: 'Bienvenue sur Accueil' })).toBeVisible();
  await choosePassword(page, 'Agent-Invite-2026!');
});

test('password forgotten: link by mail, new password, sign in; the link works once', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/password-forgot$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: "Nom d'utilisateur ou courriel" }).fill('agent');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText('60 minutes');

  const link = await followMailLink(
    await context.newPage(),
    page,
    AGENT_MAIL,
    'Réinitialisation de votre mot de passe Accueil',
  );
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await choosePassword(page, 'Agent-Nouveau-2026!');

  await page.goto(link);
  await expect(page.getByTestId('reset-link-error')).toContainText(
    "Ce lien n'est pas valide ou a déjà servi.",
  );
});
