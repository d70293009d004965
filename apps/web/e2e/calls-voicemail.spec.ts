import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { audioBytesReceived } from './support/call-audio';
import { restoreDemoSettings, setDemoQueue, setDemoSchedule } from './support/demo-schedule';
import { journeyTimeout } from './support/time-scale';

// A journey that fails before putting the schedule or the queue back must not leave them so.
test.afterEach(restoreDemoSettings);

/**
 * Voicemail on the sandbox voice network (docs/behaviour/calls.md, "Sandbox calls"): outside
 * opening hours nobody is rung; the server answers the simulated phone itself, which hears the
 * spoken greeting (audio bytes before anyone answers), then the beep, and leaves a message with
 * Chromium's fake microphone; hanging up keeps it with the call, as a missed call with its voicemail.
 */

/** The simulator (on `page`) calls the demo team's number from `callerNumber`. */
async function dialTeam(page: Page, callerNumber: string): Promise<void> {
  await page.goto('/sandbox/phone');
  await page.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
  await page.getByRole('option', { name: 'Autre numéro…' }).click();
  await page.getByLabel('Numéro du téléphone').fill(callerNumber);
  await page.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
  await page.getByRole('option', { name: 'Principal · (514) 555-0100' }).click();
  await page.getByTestId('phone-dial').click();
}

/** The newest call of `callerNumber`'s conversation, as the API shows it to the administrator. */
async function lastCall(request: APIRequestContext, jwt: string, callerNumber: string) {
  const headers = { authorization: `Bearer ${jwt}` };
  const lookup = await request.get(`/api/conversations/lookup?phone=${encodeURIComponent(callerNumber)}`, {
    headers,
  });
  if (!lookup.ok()) return null;
  const { conversation } = (await lookup.json()) as { conversation: { id: string } | null };
  if (!conversation) return null;
  const history = (await (
    await request.get(`/api/conversations/${conversation.id}/calls`, { headers })
  ).json()) as { calls: { route: string; missed: boolean; voicemail: { duration: number } | null }[] };
  const [call] = history.calls;
  return call
    ? {
        route: call.route,
        missed: call.missed,
        messageOfTwoSecondsOrMore: (call.voicemail?.duration ?? 0) >= 2,
      }
    : null;
}

test('closed: the caller hears the greeting before anyone answers, then leaves a voicemail kept with the call', async ({
  page,
  request,
}) => {
  journeyTimeout(90_000);
  const schedule = await setDemoSchedule(request, 'closed');
  const suffix = String((Date.now() % 9000) + 1000);
  const callerNumber = `+1438557${suffix}`;

  await dialTeam(page, callerNumber);

  // Nobody answers: the greeting's audio reaches the phone while the call is still unanswered.
  await expect.poll(() => audioBytesReceived(page, 'phone'), { timeout: 15_000 }).toBeGreaterThan(2000);
  await expect(page.getByTestId('phone-call-state')).toHaveText('Ça sonne chez l’équipe…');
  expect(await seriousViolations(page)).toEqual([]);

  // The greeting (~9 s) and the beep, then a few seconds of message from the fake microphone.
  await page.waitForTimeout(15_000);
  await page.getByTestId('phone-hang-up').click();
  await expect(page.getByTestId('phone-call-state')).toHaveText('Aucun appel.');

  await expect
    .poll(() => lastCall(request, schedule.jwt, callerNumber))
    .toEqual({ route: 'voicemail', missed: true, messageOfTwoSecondsOrMore: true });
  await schedule.restore();
});

test('queued: the caller presses 0 on the keypad and leaves a voicemail instead of waiting', async ({
  page,
  request,
}) => {
  journeyTimeout(90_000);
  const schedule = await setDemoSchedule(request, 'open');
  const restoreQueue = await setDemoQueue(request, schedule.jwt, true);
  const callerNumber = `+1438558${String((Date.now() % 9000) + 1000)}`;
  await dialTeam(page, callerNumber);
  // The greeting ("please hold"), then the hold music: audio before anyone picks the call.
  await expect.poll(() => audioBytesReceived(page, 'phone'), { timeout: 15_000 }).toBeGreaterThan(2000);
  await page.waitForTimeout(8_000);
  // 0: the keypad's tone (RFC 4733) reaches the server, which plays the voicemail greeting and the beep.
  await page.getByRole('group', { name: 'Clavier' }).getByRole('button', { name: '0', exact: true }).click();
  await page.waitForTimeout(15_000);
  await page.getByTestId('phone-hang-up').click();
  await expect
    .poll(() => lastCall(request, schedule.jwt, callerNumber))
    .toEqual({ route: 'queue', missed: true, messageOfTwoSecondsOrMore: true });
  await restoreQueue();
  await schedule.restore();
});
