import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { onePagePdf } from './support/one-page-pdf';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';

/**
 * Sends a secure file (a small text file named `name`) to the open conversation's contact from
 * the composer, with the salutation Madame; returns when the timeline shows it waiting.
 */
async function sendSecureFile(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Envoyer un fichier sécurisé' }).click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer un fichier sécurisé' });
  await expect(dialog).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choisir un fichier' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: onePagePdf(name) });
  await dialog.getByText('Madame').click();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * In the sandbox mailbox of `email`, opens the newest mail about a secure file and reads its
 * link to /secure and its 6-digit code.
 */
async function readSecureFileMail(mailbox: Page, email: string): Promise<{ link: string; code: string }> {
  await mailbox.goto(`/sandbox/mail?to=${encodeURIComponent(email)}`);
  await mailbox
    .getByTestId('sandbox-mail-list')
    .getByRole('button', { name: /fichier sécurisé/ })
    .first()
    .click();
  const mail = mailbox.getByTestId('sandbox-mail-view');
  const link = await mail
    .getByTestId('sandbox-mail-link')
    .filter({ hasText: /\/secure\?token=/ })
    .first()
    .getAttribute('href');
  await mail.getByText('Texte', { exact: true }).click();
  const code = /\b(\d{6})\b/.exec(await mail.innerText())?.[1];
  expect(link).toBeTruthy();
  expect(code).toBeTruthy();
  return { link: link!, code: code! };
}

/** Types `code` into /secure's six digit fields and submits. */
async function enterCode(page: Page, code: string): Promise<void> {
  for (const [i, digit] of [...code].entries()) {
    await page.getByRole('textbox', { name: `Chiffre ${i + 1} du code` }).fill(digit);
  }
  await page.getByRole('button', { name: 'Télécharger le fichier' }).click();
}

/**
 * Secure files journey (docs/behaviour/secure-files.md): a contact with an e-mail texts the
 * team; the administrator sends a secure file from the composer; the contact's mail (sandbox
 * mailbox) carries the link and the code, their phone (simulator) the link only; /secure
 * releases the file with the code. A second file:
 * five wrong codes lock it — the right code then gets the same single failure text — and the
 * timeline shows it locked. Axe on the dialog and on /secure; screenshots of /secure.
 */
test('a secure file sent from the inbox, opened at /secure with the mailed code, then locked by wrong codes', async ({
  page,
  context,
  request,
}, testInfo) => {
  journeyTimeout(180_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const number = `+1438557${suffix}`;
  const email = `patiente${suffix}@exemple.ca`;
  const { jwt } = (await (
    await request.post('/api/auth/login', { data: { username: 'admin', password: 'Demo-Accueil-2026' } })
  ).json()) as { jwt: string };
  const created = await request.post('/api/contacts', {
    headers: { authorization: `Bearer ${jwt}` },
    data: { firstName: 'Maude', lastName: `Tremblay${suffix}`, phone: number, email },
  });
  expect(created.status()).toBe(201);

  await signInAsAdmin(page);
  const phone = await context.newPage();
  await textFromSimulator(phone, number, `Pouvez-vous m’envoyer mon formulaire? ${suffix}`);
  await page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: `Tremblay${suffix}` })
    .click();

  await sendSecureFile(page, `formulaire-${suffix}.pdf`);
  await expect(page.getByText('Fichier sécurisé envoyé').first()).toBeVisible();

  const contact = await context.newPage();
  const first = await readSecureFileMail(contact, email);
  // The contact's phone gets the same link by text, without the code (it stays in the mail).
  const device = phone.getByRole('region', { name: 'Téléphone simulé' });
  const texted = device.getByText(`vous a envoyé un fichier sécurisé : ${first.link} Le code à 6 chiffres`);
  await expect(texted).toBeVisible();
  expect(await texted.innerText()).not.toMatch(/\b\d{6}\b/);
  await contact.goto(first.link);
  await expect(contact.getByRole('heading', { name: 'Fichier sécurisé' })).toBeVisible();
  expect(await seriousViolations(contact)).toEqual([]);
  await screenshots(contact, testInfo, 'secure-page');
  const download = contact.waitForEvent('download');
  await enterCode(contact, first.code);
  expect((await download).suggestedFilename()).toBe(`formulaire-${suffix}.pdf`);
  await expect(contact.getByText(`Le fichier « formulaire-${suffix}.pdf » a été téléchargé.`)).toBeVisible();
  await expect(page.getByText('Téléchargé', { exact: true })).toBeVisible();

  // A second file: five wrong codes lock it; the right one then fails the same way.
  await sendSecureFile(page, `resultats-${suffix}.pdf`);
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  const second = await readSecureFileMail(contact, email);
  expect(second.link).not.toBe(first.link);
  const wrong = String((Number(second.code) + 1) % 1_000_000).padStart(6, '0');
  await contact.goto(second.link);
  const failure = contact.getByText("Le fichier n'est plus accessible ou le code est erroné.");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await enterCode(contact, wrong);
    await expect(failure).toBeVisible();
    await contact.reload();
  }
  await enterCode(contact, second.code);
  await expect(failure).toBeVisible();
  await expect(page.getByText('Verrouillé', { exact: true })).toBeVisible();
});
