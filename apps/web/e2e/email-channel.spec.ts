import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { E2E_GMAIL_ADDRESS, emailStandInPorts } from './support/email-stand-in-env';
import { setMainTeamEmail } from './support/main-team-email';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { journeyTimeout } from './support/time-scale';

/**
 * A team's Gmail mailbox in the inbox (docs/behaviour/email.md, web-app.md "E-mail connection"),
 * against a real OAuth 2 server (oidc-provider) playing Google and the Gmail API stand-in: an
 * administrator connects the main team's mailbox through the 800×600 popup, a patient's mail
 * arrives in the inbox, the reply leaves with the user's signature in the Gmail thread; the
 * grant is withdrawn at Google, the next reply is refused and every member's dialog appears;
 * reconnecting resumes the sync with nothing lost or twice.
 */
const address = E2E_GMAIL_ADDRESS;
const patient = 'louise.patiente@example.test';

/** The stand-ins' control server (apps/server/src/test/e2e-email-stand-ins.ts) of this project's server. */
function standIns(testInfo: TestInfo) {
  const port = emailStandInPorts(Number(new URL(String(testInfo.project.use.baseURL)).port)).control;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  return {
    deliver: (raw: string, threadId: string) => call('POST', '/deliver', { raw, threadId }),
    revoke: () => call('POST', '/revoke'),
    sent: () => call<{ threadId: string | null; raw: string }[]>('GET', '/sent'),
  };
}

const mail = (n: number, subject: string, text: string) =>
  [
    `From: Louise Patiente <${patient}>`,
    `To: ${address}`,
    `Subject: ${subject}`,
    `Message-ID: <e2e-${n}-${Date.now()}@example.test>`,
    `Date: ${new Date().toUTCString()}`,
    '',
    text,
    '',
  ].join('\r\n');

/** Clicks Connect on the team's card and plays the user in the provider's popup, up to the verification page. */
async function connectThroughPopup(page: Page) {
  const card = page.getByTestId('mailbox-Principal');
  const opened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^(Connecter|Reconnecter)$/ }).click();
  const popup = await opened;
  expect(popup.viewportSize()).toEqual({ width: 800, height: 600 });
  // oidc-provider's development pages: sign in (any password), then consent; a second
  // authorisation may skip the sign-in (its session is remembered).
  for (let step = 0; step < 3 && !/\/verification\//.test(popup.url()); step++) {
    const login = popup.locator('input[name="login"]');
    const submit = popup.locator('button[type="submit"]').first();
    await expect(login.or(submit).first()).toBeVisible();
    if (await login.isVisible()) {
      await login.fill(address);
      await popup.locator('input[name="password"]').fill('peu-importe');
    }
    await submit.click();
    await popup.waitForLoadState();
  }
  await expect(popup).toHaveURL(/\/verification\/success$/);
  return popup;
}

/**
 * Clicks the verification page's "close this window" button and waits for the popup to close.
 * The click closes its own page: Playwright may see the page gone before the click returns,
 * which is the outcome sought, not a failure (it failed a CI-like run that way once).
 */
async function closeThroughButton(popup: Page) {
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: 'Fermer cette fenêtre' })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
}

test('a Gmail mailbox connected through the popup: mail in, signed reply out, a withdrawn grant, reconnected', async ({
  page,
}, testInfo) => {
  // About 40 s on a quiet machine; two popups, six screenshots and three axe checks pass 90 s
  // when five sessions share two cores.
  journeyTimeout(180_000);
  const gmail = standIns(testInfo);
  await signInAsAdmin(page);

  // The main team's e-mail is the Gmail address.
  await setMainTeamEmail(page, address);

  // The administrator signs with their name and profession: the preview shows it as it will leave.
  await page.goto('/configuration?configTab=users');
  await page
    .getByTestId('user-row-admin')
    .getByRole('button', { name: /^Actions pour/ })
    .click();
  await page.getByRole('menuitem', { name: 'Modifier' }).click();
  const userDialog = page.getByRole('dialog');
  await userDialog.getByText('Utilisateur', { exact: true }).click();
  const preview = userDialog.getByTestId('signature-preview');
  await expect(preview).toContainText('-- ');
  const signature = (await preview.locator('p').last().innerText()).replace(/^-- \n/, '');
  expect(signature).toContain('Clinique Démo');
  await screenshots(page, testInfo, 'signature-preview', '[data-testid="signature-preview"]');
  const savedUser = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/users\//.test(r.url()),
  );
  await userDialog.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await savedUser).status()).toBe(200);

  // A patient wrote before the mailbox was connected: the first sync brings it.
  await gmail.deliver(
    mail(1, 'Rendez-vous de jeudi', 'Bonjour, puis-je venir à 15 h plutôt ?'),
    'thread-e2e',
  );

  await page.goto('/configuration?configTab=email');
  const card = page.getByTestId('mailbox-Principal');
  await expect(card.getByText(address)).toBeVisible();
  const popup = await connectThroughPopup(page);
  await expect(popup.getByRole('heading', { name: 'Boîte de courriel connectée' })).toBeVisible();
  expect(await seriousViolations(popup)).toEqual([]);
  await popup.screenshot({ path: testInfo.outputPath('verification-success-800x600.png') });
  const closed = popup.waitForEvent('close');
  await closeThroughButton(popup);
  await closed;
  // The tab notices the closed popup within a second and reads the mailbox again.
  await expect(card.getByText('Connectée', { exact: true })).toBeVisible();
  await expect(card.getByTestId('mailbox-provider')).toHaveText('Connectée par Gmail');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'email-connection-tab');

  // The mail is in the inbox; the composer shows the signature that will be added.
  await page.goto('/conversations');
  const row = page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: '15 h' });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  const mails = page.getByTestId('email-conversation');
  await expect(mails.getByText('Rendez-vous de jeudi').first()).toBeVisible();
  await expect(page.getByTestId('email-reply-signature')).toContainText(signature.split('\n')[0]!);
  await page.getByLabel('Message', { exact: true }).fill('Oui, 15 h jeudi, c’est noté.');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(mails.getByText('Oui, 15 h jeudi, c’est noté.')).toBeVisible();
  // It left through Gmail, in the patient's thread, signed.
  const sent = (await gmail.sent()).at(-1)!;
  expect(sent.threadId).toBe('thread-e2e');
  const raw = sent.raw;
  expect(raw).toContain('Subject: Re: Rendez-vous de jeudi');
  // The body is quoted-printable (RFC 2045 §6.7): decoded, it ends with the signature after "-- ".
  const body = Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  )
    .toString('utf8')
    .replace(/\r\n/g, '\n');
  expect(body).toContain(`Oui, 15 h jeudi, c’est noté.\n\n-- \n${signature}`);

  // The grant is withdrawn at Google: the next reply is refused, and the dialog appears at once.
  await gmail.revoke();
  await gmail.deliver(mail(2, 'Rendez-vous de jeudi', 'Merci ! Et ma carte d’assurance ?'), 'thread-e2e');
  await page.getByLabel('Message', { exact: true }).fill('Apportez-la jeudi.');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const dialog = page.getByTestId('mailbox-disconnected-dialog');
  await expect(
    page
      .getByRole('dialog', { name: 'Courriel déconnecté' })
      .getByText(
        'Ce groupe a été déconnecté de votre fournisseur de courriel, veuillez reconnecter votre courriel.',
      ),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'mailbox-disconnected-dialog');
  expect(await gmail.sent()).toHaveLength(1);

  // Reconnect: the spec's address opens the e-mail connection tab; a new authorisation.
  await page.getByRole('button', { name: 'Reconnecter' }).click();
  await expect(page).toHaveURL(/configTab=2&tab=1/);
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Déconnectée', { exact: true })).toBeVisible();
  const again = await connectThroughPopup(page);
  await closeThroughButton(again);
  await expect(card.getByText('Connectée', { exact: true })).toBeVisible();

  // The sync resumes from its cursor: the mail that came while disconnected, once; the first, still once.
  await page.goto('/conversations');
  await page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: 'assurance' })
    .click({ timeout: 20_000 });
  await expect(mails.getByText('Merci ! Et ma carte d’assurance ?')).toHaveCount(1);
  await expect(mails.getByText('Bonjour, puis-je venir à 15 h plutôt ?')).toHaveCount(1);
  await expect(page.getByTestId('mailbox-disconnected-dialog')).toHaveCount(0);
});

test('the verification pages say why an authorisation failed, in English too', async ({ page }, testInfo) => {
  for (const [locale, text] of [
    ['fr-CA', 'Le compte Gmail utilisé n’est pas le courriel de l’équipe.'],
    ['en-CA', "The Gmail account you signed in with is not the team's email."],
  ] as const) {
    await page.goto(`/verification/error/gmail?reason=mismatch&lang=${locale.slice(0, 2)}`);
    await expect(page.getByTestId('verification-error')).toContainText(text);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, testInfo, `verification-error-${locale}`);
  }
});
