import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { setMainTeamEmail } from './support/main-team-email';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * The e-mail channel with the sandbox mailbox: an administrator gives the main team an e-mail
 * and connects its mailbox, a contact writes to it from the sandbox mailbox, the mail appears in
 * the team's inbox without reload, the person answers it, and the reply arrives in the contact's
 * mailbox, in the thread.
 */
test('a contact’s e-mail reaches the team’s inbox, and the reply reaches the contact', async ({
  page,
  context,
}, testInfo) => {
  const suffix = String(Date.now() % 100000);
  const teamAddress = `principal-${suffix}@clinique.test`;
  const contactAddress = `jeanne-${suffix}@exemple.test`;
  const subject = `Rendez-vous ${suffix}`;

  await signInAsAdmin(page);

  // The main team's e-mail, then its mailbox.
  await setMainTeamEmail(page, teamAddress);

  await page.goto('/configuration?configTab=email');
  const card = page.getByTestId('mailbox-Principal');
  await expect(card.getByText(teamAddress)).toBeVisible();
  await card.getByRole('button', { name: 'Connecter' }).click();
  await page.getByTestId('mailbox-dialog').getByRole('button', { name: 'Connecter' }).click();
  await expect(card.getByText('Connectée', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The contact writes from the sandbox mailbox.
  const mailbox = await context.newPage();
  await mailbox.goto('/sandbox/mail');
  await mailbox.getByTestId('sandbox-mail-write').click();
  await mailbox.getByTestId('sandbox-compose-from').fill(contactAddress);
  await mailbox.getByTestId('sandbox-compose-to').fill(teamAddress);
  await mailbox.getByLabel('Objet').fill(subject);
  await mailbox.getByLabel('Message').fill('Bonjour, puis-je déplacer mon rendez-vous de jeudi ?');
  await mailbox.getByRole('button', { name: 'Envoyer' }).click();

  // It arrives in the inbox without reload, as an e-mail conversation.
  await page.goto('/conversations');
  const row = page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: 'déplacer' });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  const mails = page.getByTestId('email-conversation');
  await expect(mails.getByText(subject)).toBeVisible();
  await expect(mails.getByText(contactAddress).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'email-conversation');

  // The reply, threaded, reaches the contact's mailbox.
  await page.getByLabel('Message', { exact: true }).fill('Bien sûr : vendredi à 10 h ?');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(mails.getByText('Bien sûr : vendredi à 10 h ?')).toBeVisible();
  await mailbox.goto(`/sandbox/mail?to=${encodeURIComponent(contactAddress)}`);
  await expect(mailbox.getByTestId('sandbox-mail-view').getByText(`Re: ${subject}`)).toBeVisible();
});
