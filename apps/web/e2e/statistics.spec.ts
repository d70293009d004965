import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * Statistics journeys (docs/behaviour/statistics.md): the statistics screen shows the figures of a
 * text just received once brought up to date; the administrator adds a recipient of the weekly
 * report in the configuration's statistics tab, is told when an address is already there, the
 * report's hourly pass run at a Sunday's instant mails it with its two charts to the sandbox
 * mailbox, and the recipient is removed; no serious or critical axe violation, in fr-CA and en-CA.
 */
test('the statistics screen counts a text received today, per team and per day', async ({
  page,
}, testInfo) => {
  const from = `+1438555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const sent = await page.request.post('/api/sandbox/messages', {
    data: { from, to: '+15145550100', body: 'Bonjour, une question sur ma facture.' },
  });
  expect(sent.ok()).toBe(true);
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=statistics');
  await expect(page.getByRole('tab', { name: 'Chiffres', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Statistiques', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await page.getByRole('button', { name: 'Période' }).click();
  await page.getByRole('button', { name: '30 derniers jours' }).click();
  await expect(page.getByTestId('statistics-textsIn')).not.toHaveText('0');
  await expect(page.getByTestId('statistics-conversationsOpened')).not.toHaveText('0');
  await expect(
    page.getByRole('table', { name: 'Par équipe' }).getByRole('rowheader', { name: 'Principal' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Textos par jour' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Équipe' }).click();
  await page.getByRole('option', { name: 'Principal' }).click();
  await expect(page.getByTestId('statistics-textsIn')).not.toHaveText('0');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'statistics-screen-fr-CA');
});

test('the administrator adds a recipient of the weekly report, once; the Sunday report arrives with its charts', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=statistics');
  await page.getByRole('tab', { name: 'Destinataires du rapport' }).click();
  await expect(page).toHaveURL(/tab=recipients/);
  await expect(page.getByRole('heading', { name: 'Destinataires du rapport hebdomadaire' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Ajouter un destinataire' });
  const field = form.getByRole('textbox', { name: 'Courriel' });
  await field.fill('Direction@Clinique-Demo.example');
  await field.press('Enter');
  const table = page.getByRole('table', { name: 'Destinataires du rapport hebdomadaire' });
  await expect(
    table.getByRole('cell', { name: 'direction@clinique-demo.example', exact: true }),
  ).toBeVisible();
  await expect(field).toHaveValue('');

  await field.fill('direction@clinique-demo.example');
  await form.getByRole('button', { name: 'Ajouter le destinataire' }).click();
  await expect(form.getByText('Ce courriel est déjà utilisé')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'statistics-recipients-fr-CA');

  // Sunday at noon UTC (07:00 in Toronto, the demo clinic's time zone): the week before is due.
  const sunday = new Date();
  sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
  sunday.setUTCHours(12, 0, 0, 0);
  const ran = await page.request.post('/api/sandbox/statistics/weekly-report', {
    data: { now: sunday.toISOString() },
  });
  expect(ran.ok()).toBe(true);
  const to = 'direction@clinique-demo.example';
  const mails = await page.request.get(`/api/sandbox/mail?to=${encodeURIComponent(to)}`);
  const [mail] = ((await mails.json()) as { items: { subject: string; html: string }[] }).items;
  expect(mail!.subject).toMatch(/^Statistiques de la semaine \(.+\) — Clinique Démo$/);
  // The two charts, PNGs inline (put in place by the sandbox mailbox), named for those who cannot see them.
  expect(mail!.html).toMatch(
    /<img[^>]*alt="Textos par jour"[^>]*src="data:image\/png;base64,|<img[^>]*src="data:image\/png;base64,[^"]*"[^>]*alt="Textos par jour"/,
  );
  expect(mail!.html.match(/src="data:image\/png;base64,/g)).toHaveLength(2);
  // The HTML part's frame runs no script: neither Playwright nor axe look inside; the screenshots do.
  await page.goto(`/sandbox/mail?to=${encodeURIComponent(to)}`);
  await expect(
    page.getByTestId('sandbox-mail-view').getByRole('heading', { name: mail!.subject }),
  ).toBeVisible();
  await screenshots(page, testInfo, 'statistics-weekly-report-mail');

  await page.goto('/configuration?configTab=statistics&tab=recipients');
  await table.getByRole('button', { name: 'Retirer direction@clinique-demo.example' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
  await expect(
    page.getByText('Aucun destinataire : personne ne reçoit le rapport hebdomadaire.'),
  ).toBeVisible();
});

test('the statistics tab and screen in English (en-CA): no serious or critical axe violation', async ({
  page,
}, testInfo) => {
  await page.goto('/login?lang=en');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Accueil-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/conversations$/);
  await page.goto('/configuration?configTab=statistics&tab=recipients');
  await expect(page.getByRole('heading', { name: 'Weekly report recipients' })).toBeVisible();
  await expect(page.getByText('No recipient yet: nobody receives the weekly report.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'statistics-recipients-en-CA');
  await page.getByRole('tab', { name: 'Figures' }).click();
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(page.getByRole('heading', { name: 'Texts per day' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'statistics-screen-en-CA');
});
