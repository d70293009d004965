import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { audioBytesReceived } from './support/call-audio';
import { restoreDemoSettings, setDemoQueue, setDemoSchedule } from './support/demo-schedule';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { journeyTimeout } from './support/time-scale';

// A journey that fails before putting the schedule or the queue back must not leave them so.
test.afterEach(restoreDemoSettings);

/**
 * The queue's key 1 on the sandbox voice network (docs/behaviour/calls.md, "The queue on the
 * phone"): a caller waiting in the queue presses 1 on the simulator's keypad; the server texts
 * them (the simulator shows the text), says the confirmation and hangs up; the staff's
 * conversation shows the call as a callback request beside the text.
 */
test('queued: the caller presses 1, receives the callback text, and the call shows as a callback request', async ({
  page,
  context,
  request,
}) => {
  journeyTimeout(120_000);
  const schedule = await setDemoSchedule(request, 'open');
  const restoreQueue = await setDemoQueue(request, schedule.jwt, true);
  try {
    const suffix = String((Date.now() % 9000) + 1000);
    const phone = await context.newPage();
    await phone.goto('/sandbox/phone');
    await phone.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
    await phone.getByRole('option', { name: 'Autre numéro…' }).click();
    await phone.getByLabel('Numéro du téléphone').fill(`+1438559${suffix}`);
    await phone.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
    await phone.getByRole('option', { name: 'Principal · (514) 555-0100' }).click();
    await phone.getByTestId('phone-dial').click();
    // The greeting, then the queue message: audio before anyone picks the call.
    await expect.poll(() => audioBytesReceived(phone, 'phone'), { timeout: 15_000 }).toBeGreaterThan(2000);
    await phone.waitForTimeout(6_000);
    await phone
      .getByRole('group', { name: 'Clavier' })
      .getByRole('button', { name: '1', exact: true })
      .click();

    const device = phone.getByRole('region', { name: 'Téléphone simulé' });
    await expect(device.getByText(/Nous avons bien reçu votre demande de rappel\./)).toBeVisible({
      timeout: 20_000,
    });
    // The confirmation is said, then the server hangs up.
    await expect(phone.getByTestId('phone-call-state')).toHaveText('Aucun appel.', { timeout: 20_000 });

    await signInAsAdmin(page);
    await page
      .getByRole('region', { name: 'Liste des conversations' })
      .getByRole('option')
      .filter({ hasText: `(438) 559-${suffix}` })
      .click();
    const entry = page.getByTestId('call-entry').filter({ hasText: 'Demande de rappel' });
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('callback-requested')).toContainText('appuyé sur 1');
    expect(await seriousViolations(page)).toEqual([]);
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await entry.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`callback-${width}.png`) });
    }
  } finally {
    await restoreQueue();
    await schedule.restore();
  }
});
