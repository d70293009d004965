import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { seriousViolations } from './support/axe';
import { setServerClockAhead } from './support/server-clock';
import { journeyTimeout } from './support/time-scale';

/**
 * Scheduled messages journey: a contact texts the team; in the conversation the person
 * schedules a reply two minutes ahead (refused: at least 5 minutes), then at the first minute
 * 5 minutes ahead; the strip above the composer says what is due and when; the text arrives on
 * the simulated phone at its minute, and the screen of scheduled messages says it was sent.
 * Rather than waiting five minutes, the journey moves the server's wall clock (it runs on the
 * "clock" server under libfaketime: `support/server-clock.ts`) to a few seconds past the minute.
 * Screens are checked with axe and captured (SCREENSHOT_DIR) at 1440×900 and 1024×768.
 */

const ZONE = 'America/Toronto'; // the demo clinic's time zone
const shots = process.env.SCREENSHOT_DIR;

/** The clinic's wall clock at an instant: `DD / MM / YYYY` and `HH:mm`. */
function wallClock(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day} / ${parts.month} / ${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

async function capture(page: Page, name: string) {
  if (!shots) return;
  for (const [w, h] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${shots}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function fillSchedule(page: Page, at: Date, title: string, body: string) {
  const dialog = page.getByRole('dialog', { name: 'Programmer un message' });
  await dialog.getByLabel('Titre').fill(title);
  await dialog.getByLabel('Message').fill(body);
  const { date, time } = wallClock(at);
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Heure (facultative)').fill(time);
  return dialog;
}

test('schedule a reply in a conversation and watch it arrive on the phone at its minute', async ({
  page,
  context,
}) => {
  journeyTimeout(3 * 60_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const contactNumber = `+1438556${suffix}`;
  const word = `prog${suffix}`;
  const body = `Rappel : votre rendez-vous est demain à 10 h (${word}).`;

  await signInAsAdmin(page);
  const phone = await context.newPage();
  await phone.goto('/sandbox/phone');
  await phone.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
  await phone.getByRole('option', { name: 'Autre numéro…' }).click();
  await phone.getByLabel('Numéro du téléphone').fill(contactNumber);
  await phone.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
  await phone.getByRole('option', { name: 'Principal · (514) 555-0100' }).click();
  const device = phone.getByRole('region', { name: 'Téléphone simulé' });
  await device.getByRole('textbox', { name: 'Texto' }).fill(`Bonjour (${word})`);
  await device.getByRole('button', { name: 'Envoyer' }).click();

  const row = page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: word });
  await row.click();
  await expect(page.getByText('Aucun message programmé')).toBeVisible();

  // Two minutes ahead: refused, the form stays open with the reason.
  await page.getByRole('button', { name: 'Programmer', exact: true }).click();
  let dialog = await fillSchedule(page, new Date(Date.now() + 2 * 60_000), 'Rappel de rendez-vous', body);
  await capture(page, 'schedule-dialog-fr-CA');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Programmer', exact: true }).click();
  await expect(
    page.getByText("L'heure prévue doit être au moins 5 minutes dans le futur.").first(),
  ).toBeVisible();
  await expect(dialog).toBeVisible();

  // The first whole minute at least 5 minutes (and a few seconds) from now.
  const due = new Date(Math.ceil((Date.now() + 5 * 60_000 + 20_000) / 60_000) * 60_000);
  dialog = await fillSchedule(page, due, 'Rappel de rendez-vous', body);
  await dialog.getByRole('button', { name: 'Programmer', exact: true }).click();
  await expect(dialog).toBeHidden();
  const { date, time } = wallClock(due);
  await expect(
    page.getByText(`1 message programmé · prochain : « Rappel de rendez-vous » le ${date} ${time}`),
  ).toBeVisible();
  await capture(page, 'conversation-strip-fr-CA');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Messages programmés' }).first().click();
  await expect(page.getByRole('heading', { name: 'Messages programmés' })).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: 'Rappel de rendez-vous' }).filter({ hasText: word });
  await expect(line).toContainText('Programmé');
  await expect(line).toContainText(`${date} ${time}`);
  await capture(page, 'scheduled-screen-fr-CA');
  expect(await seriousViolations(page)).toEqual([]);

  // It arrives on the phone at its minute, not before: nothing while the server's clock is short
  // of it, then the server's clock moves to 3 s past it.
  await expect(device.getByText(body)).toBeHidden();
  await expect(line).toContainText('Programmé');
  setServerClockAhead((due.getTime() + 3_000 - Date.now()) / 1000);
  await expect(device.getByText(body)).toBeVisible({ timeout: 45_000 });
  await expect(line).toContainText('Envoyé', { timeout: 45_000 });
  // Sent at its minute by the server's clock: the carrier took it within that minute.
  const sent = await page.request.get(`/api/sandbox/messages?number=${encodeURIComponent(contactNumber)}`);
  const { items } = (await sent.json()) as { items: { body: string; createdAt: string }[] };
  const takenAt = Date.parse(items.find((m) => m.body === body)!.createdAt);
  expect(takenAt).toBeGreaterThanOrEqual(due.getTime());
  expect(takenAt).toBeLessThan(due.getTime() + 60_000);
});
