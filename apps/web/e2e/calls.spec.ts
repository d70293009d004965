import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { audioBytesReceived } from './support/call-audio';
import { restoreDemoSettings, setDemoSchedule } from './support/demo-schedule';
import { signInAsAdmin } from './support/sign-in-as-admin';

// A journey that fails before putting the schedule or the queue back must not leave them so.
test.afterEach(restoreDemoSettings);

/**
 * Calls journey on the sandbox voice network (docs/behaviour/calls.md, "Sandbox calls"): the phone
 * simulator calls the demo team's number, the administrator answers in the inbox, both ends carry
 * real audio (each end a WebRTC leg with the server, which bridges them; Chromium's fake microphone:
 * each end receives bytes), the call is held (the caller hears the hold music) and
 * resumed, then hung up; the caller's conversation is in the inbox.
 */

test('a call from the phone simulator, answered in the inbox, with audio both ways, held, resumed and hung up', async ({
  page,
  context,
  request,
}) => {
  const suffix = String((Date.now() % 9000) + 1000);
  const callerNumber = `+1438556${suffix}`;
  const displayed = `(438) 556-${suffix}`;

  // Open at any hour: the call rings the team (closed, it would go to voicemail).
  const schedule = await setDemoSchedule(request, 'open');
  await signInAsAdmin(page);
  // The voice device is ready once a conversation offers its call button.
  await page.getByRole('region', { name: 'Liste des conversations' }).getByRole('option').first().click();
  await expect(page.getByTestId('call-button')).toBeVisible();

  const phone = await context.newPage();
  await phone.goto('/sandbox/phone');
  await phone.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
  await phone.getByRole('option', { name: 'Autre numéro…' }).click();
  await phone.getByLabel('Numéro du téléphone').fill(callerNumber);
  await phone.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
  await phone.getByRole('option', { name: 'Principal · (514) 555-0100' }).click();
  await expect(phone.getByLabel('Numéro à composer')).toHaveValue('+15145550100');
  await phone.getByTestId('phone-dial').click();
  await expect(phone.getByTestId('phone-call-state')).toHaveText('Ça sonne chez l’équipe…');

  // It rings in the inbox; the administrator answers.
  const panel = page.getByRole('region', { name: 'Appel entrant' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(displayed);
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Répondre' }).click();
  await expect(phone.getByTestId('phone-call-state')).toHaveText('En communication');
  await expect(panel.getByTestId('call-duration')).not.toHaveText('00:00');

  // Real audio both ways: each end's connection receives bytes.
  await expect.poll(() => audioBytesReceived(page, 'staff'), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => audioBytesReceived(phone, 'phone'), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await seriousViolations(phone)).toEqual([]);

  // Hold, then resume: both ends see it.
  await panel.getByRole('button', { name: 'Mettre en attente' }).click();
  await expect(panel.getByTestId('call-status')).toHaveText('Appel en attente');
  await expect(phone.getByTestId('phone-call-state')).toHaveText('En attente');
  await panel.getByRole('button', { name: 'Reprendre l’appel' }).click();
  await expect(panel.getByTestId('call-status')).toHaveCount(0);
  await expect(phone.getByTestId('phone-call-state')).toHaveText('En communication');

  // The keypad sends tones on the call.
  await panel.getByRole('button', { name: 'Clavier' }).click();
  await panel.getByTestId('keypad-5').click();
  expect(await seriousViolations(page)).toEqual([]);

  // Hang up: the panel closes, the phone is free again.
  await panel.getByRole('button', { name: 'Raccrocher' }).click();
  await expect(panel).toHaveCount(0);
  await expect(phone.getByTestId('phone-call-state')).toHaveText('Aucun appel.');

  // The call opened the caller's conversation in the team's inbox.
  await expect(
    page
      .getByRole('region', { name: 'Liste des conversations' })
      .getByRole('option')
      .filter({ hasText: displayed }),
  ).toBeVisible();
  await schedule.restore();
});
