import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * The Security tab: a passkey created with Chromium's virtual authenticator then used to sign
 * in from the login page; the machine restriction (enabled mode) refusing the agent on a machine
 * that is not on the list while the administrator gets in.
 */

const PASSWORD = 'Demo-Accueil-2026';

async function signIn(page: Page, username: string, query = '') {
  await page.goto(`/login${query}`);
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

/** A platform authenticator holding discoverable credentials, as a phone or a laptop's would. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('a passkey is created in the Security tab and signs in from the login page', async ({
  context,
  page,
}) => {
  await addVirtualAuthenticator(context, page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/conversations$/);
  await page.goto('/configuration?configTab=security');
  const passkeys = page.getByTestId('security-passkeys');
  await expect(passkeys.getByTestId('passkeys-empty')).toBeVisible();
  await passkeys.getByTestId('passkey-add').click();
  await expect(page.getByText("Clé d'accès créée")).toBeVisible();
  await expect(passkeys.getByTestId('passkey-row')).toHaveCount(1);
  await expect(passkeys.getByTestId('passkey-row')).toContainText('Jamais utilisée');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-passkey').click();
  await expect(page).toHaveURL(/\/conversations$/);

  await page.goto('/configuration?configTab=security');
  await expect(passkeys.getByTestId('passkey-row')).not.toContainText('Jamais utilisée');
  await passkeys.getByRole('button', { name: /Supprimer la clé d'accès/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(passkeys.getByTestId('passkeys-empty')).toBeVisible();
});

/** A user of the demo organisation with a password, created through the API with the administrator's token `jwt`. */
async function createUser(page: Page, jwt: string, username: string): Promise<void> {
  const res = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${jwt}` },
    data: {
      mode: 'create',
      password: PASSWORD,
      username,
      email: `${username}@clinique-demo.ca`,
      displayName: username,
      firstName: 'Essai',
      lastName: username,
    },
  });
  expect(res.status()).toBe(201);
}

test('enabled machine restriction: a user is refused on an unknown machine, the administrator is not', async ({
  browser,
  page,
}) => {
  const agent = `e2e-${Date.now().toString(36)}`;
  const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await signIn(page, 'admin');
  const { jwt } = (await (await login).json()) as { jwt: string };
  await expect(page).toHaveURL(/\/conversations$/);
  await createUser(page, jwt, agent);
  await page.goto('/configuration?configTab=security');
  const machines = page.getByTestId('security-machines');
  await machines.getByTestId('machine-mode-enabled').click();
  await expect(page.getByText('Modification enregistrée')).toBeVisible();

  const elsewhere = await browser.newContext({ locale: 'fr-CA' });
  const other = await elsewhere.newPage();
  try {
    await signIn(other, agent);
    await expect(other.getByTestId('login-error')).toContainText(
      "Cet ordinateur n'est pas autorisé à se connecter.",
    );
    await signIn(other, 'admin');
    await expect(other).toHaveURL(/\/conversations$/);
    // Back to no restriction, from the administrator's new session, for the other journeys.
    await other.goto('/configuration?configTab=security');
    await other.getByTestId('security-machines').getByTestId('machine-mode-disabled').click();
    await expect(other.getByText('Modification enregistrée')).toBeVisible();
  } finally {
    await elsewhere.close();
  }
  // Any machine again: a third one, never seen, signs the agent in.
  const third = await browser.newContext({ locale: 'fr-CA' });
  try {
    const agentPage = await third.newPage();
    await signIn(agentPage, agent);
    await expect(agentPage).toHaveURL(/\/conversations$/);
  } finally {
    await third.close();
  }
});

test('the Security tab in French and English, wide and narrow, axe clean', async ({ page }, testInfo) => {
  // English first, then the language menu brings French back (the administrator's language is
  // stored: the other journeys expect French).
  for (const [locale, query, tab] of [
    ['en-CA', '?lang=en', 'Security'],
    ['fr-CA', '', 'Sécurité'],
  ] as const) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/login${query}`);
    await page.screenshot({ path: testInfo.outputPath(`login-${locale}.png`) });
    await signIn(page, 'admin', query);
    await expect(page).toHaveURL(/\/conversations$/);
    await page.goto('/configuration?configTab=security');
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('security-machines')).toBeVisible();
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: testInfo.outputPath(`security-${locale}-${viewport.width}.png`) });
    }
    expect(await seriousViolations(page)).toEqual([]);
    if (locale === 'en-CA') {
      await page.getByTestId('language-menu').click();
      await page.getByTestId('language-option-fr-CA').click();
      await expect(page.getByRole('tab', { name: 'Sécurité' })).toBeVisible();
    }
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/login/);
  }
});
