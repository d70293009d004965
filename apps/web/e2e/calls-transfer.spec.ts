import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { restoreDemoSettings, setDemoSchedule } from './support/demo-schedule';
import { closeOpenedContexts } from './support/close-opened-contexts';
import { saveDemoUserLocale, signInAsAdmin, signInAsDemoUser } from './support/sign-in-as-admin';
import { openSimulatorAs } from './support/text-from-simulator';
import { journeyTimeout, TIME_SCALE } from './support/time-scale';

// A journey that fails before putting the schedule or the queue back must not leave them so.
// Whatever a failed journey left: its pages and calls, the agent in English, the schedule open.
test.afterEach(async ({ browser, context, request }) => {
  await closeOpenedContexts(browser, context);
  await saveDemoUserLocale(request, 'agent', 'fr-CA');
});
test.afterEach(restoreDemoSettings);

/**
 * Transfer journey on the sandbox voice network (docs/behaviour/calls.md, "In the browser" and
 * "Calls in the conversation"): the phone simulator calls the demo team, the agent answers, opens
 * the transfer dialog (teams, then the whole team or a user with their presence), transfers the
 * call to the administrator through the server, whose device rings ("transferred call") and who answers it; the call shows in the caller's conversation among its messages.
 */

/** Waits for the voice device: a conversation offers its call button once it is ready. */
async function waitForVoiceDevice(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Liste des conversations' }).getByRole('option').first().click();
  await expect(page.getByTestId('call-button')).toBeVisible();
}

test('the agent answers a call, transfers it to the administrator from the transfer dialog, the administrator answers, and the call shows in the conversation', async ({
  browser,
  request,
}) => {
  // Open at any hour: the call rings the team (closed, it would go to voicemail).
  const schedule = await setDemoSchedule(request, 'open');
  const suffix = String((Date.now() % 9000) + 1000);
  const callerNumber = `+1438557${suffix}`;
  const displayed = `(438) 557-${suffix}`;

  // The administrator and the agent, each in their own browser session, both of team Principal.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await waitForVoiceDevice(admin);
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAsDemoUser(agent, 'agent');
  await waitForVoiceDevice(agent);

  const phone = await agentContext.newPage();
  await openSimulatorAs(phone, callerNumber);
  await phone.getByTestId('phone-dial').click();

  // The agent answers.
  const panel = agent.getByRole('region', { name: 'Appel entrant' });
  await expect(panel).toContainText(displayed);
  await panel.getByRole('button', { name: 'Répondre' }).click();
  await expect(phone.getByTestId('phone-call-state')).toHaveText('En communication');

  // The transfer dialog: a team first (confirm disabled until then), then the administrator.
  await panel.getByTestId('call-transfer').click();
  const dialog = agent.getByRole('dialog', { name: 'Transférer l’appel' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('transfer-confirm')).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Transférer à l’équipe' }).click();
  await agent.getByRole('option', { name: 'Principal' }).click();
  await expect(dialog.getByRole('radio', { name: /Toute l’équipe/ })).toBeChecked();
  // The agent is not offered to themselves; the administrator is, with their presence: signed in,
  // their browser connected, so online.
  const adminChoice = dialog.getByRole('radio', { name: /Sophie Gagnon/ });
  await expect(adminChoice).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Sophie Gagnon\s*En ligne/ })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Julien Roy/ })).toHaveCount(0);
  expect(await seriousViolations(agent)).toEqual([]);
  await agent.screenshot({ path: 'test-results/calls-transfer-dialog.png' });
  await adminChoice.check();
  await expect(dialog.getByTestId('transfer-confirm')).toBeEnabled();
  await dialog.getByTestId('transfer-confirm').click();

  // The server took the transfer: the agent's panel is free again, with no failure notice.
  await expect(dialog).toHaveCount(0);
  await expect(panel).toHaveCount(0);
  await expect(agent.getByText('Le transfert de l’appel a échoué.')).toHaveCount(0);

  // It rings the administrator as a transferred call, from the team it was in; they answer it and
  // talk with the caller.
  const adminPanel = admin.getByRole('region', { name: 'Appel transféré' });
  await expect(adminPanel).toContainText(displayed);
  await expect(adminPanel.getByTestId('call-transferred-from')).toHaveText('Transféré depuis Principal');
  await admin.screenshot({ path: 'test-results/calls-transferred-call.png' });
  await adminPanel.getByRole('button', { name: 'Répondre' }).click();
  await expect(adminPanel.getByTestId('call-duration')).not.toHaveText('00:00');
  await expect(phone.getByTestId('phone-call-state')).toHaveText('En communication');
  expect(await seriousViolations(admin)).toEqual([]);

  // The call is in the caller's conversation, among its messages.
  await agent
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: displayed })
    .click();
  const entry = agent.getByTestId('call-entry').first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(/Appel (entrant, répondu|en cours)/);
  expect(await seriousViolations(agent)).toEqual([]);
  await agent.screenshot({ path: 'test-results/calls-transfer-timeline.png' });

  await phone.getByRole('button', { name: /Raccrocher/ }).click();
  await expect(adminPanel).toHaveCount(0);
  await expect(entry).toContainText('Appel entrant, répondu');
  await adminContext.close();
  await agentContext.close();
  await schedule.restore();
});

test('in English at 1024 px, the agent sends a call to the queue, which shows it waiting until the caller hangs up', async ({
  browser,
  request,
}) => {
  const schedule = await setDemoSchedule(request, 'open');
  const suffix = String((Date.now() % 9000) + 1000);
  const callerNumber = `+1438558${suffix}`;
  const displayed = `(438) 558-${suffix}`;
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const agent = await context.newPage();
  await signInAsDemoUser(agent, 'agent');
  await agent.getByTestId('language-menu').click();
  await agent.getByTestId('language-option-en-CA').click();
  await agent.getByRole('region', { name: 'Conversation list' }).getByRole('option').first().click();
  await expect(agent.getByTestId('call-button')).toBeVisible();

  // The simulator in a context of its own, in its default French.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await openSimulatorAs(phone, callerNumber);
  await phone.getByTestId('phone-dial').click();
  const panel = agent.getByRole('region', { name: 'Incoming call' });
  await expect(panel).toContainText(displayed);
  await panel.getByRole('button', { name: 'Answer' }).click();
  await expect(phone.getByTestId('phone-call-state')).toHaveText('En communication');

  await panel.getByTestId('call-queue').click();
  await expect(panel).toHaveCount(0);
  const queue = agent.getByRole('region', { name: 'Call queue' });
  const waiting = queue.getByTestId('queue-call').filter({ hasText: displayed });
  await expect(waiting).toHaveAttribute('data-status', 'queued');
  await expect(waiting).toContainText(/Waiting · 00:0[1-9]/);
  await expect(waiting.getByRole('button', { name: `Pick the call from ${displayed}` })).toBeVisible();
  expect(await seriousViolations(agent)).toEqual([]);
  await agent.screenshot({ path: 'test-results/calls-queue-en-1024.png' });

  // The caller hangs up: the call leaves the queue, live.
  await phone.getByRole('button', { name: /Raccrocher/ }).click();
  await expect(waiting).toHaveCount(0);
  await context.close();
  await phoneContext.close();
  await schedule.restore();
});

test('a voicemail left while closed plays from the conversation, with its length', async ({
  page,
  context,
  request,
}) => {
  journeyTimeout(120_000);
  const schedule = await setDemoSchedule(request, 'closed');
  const suffix = String((Date.now() % 9000) + 1000);
  const callerNumber = `+1450559${suffix}`;
  const displayed = `(450) 559-${suffix}`;
  await signInAsAdmin(page);

  // The caller hears the greeting (~9 s) and the beep, then talks a few seconds (the fake microphone).
  const phone = await context.newPage();
  await openSimulatorAs(phone, callerNumber);
  await phone.getByTestId('phone-dial').click();
  await expect(phone.getByTestId('phone-call-state')).toHaveText('Ça sonne chez l’équipe…');
  await phone.waitForTimeout(16_000);
  await phone.getByTestId('phone-hang-up').click();

  await page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: displayed })
    .click();
  const entry = page.getByTestId('call-entry').filter({ hasText: 'Message vocal' });
  // The recording is stored once the call ends, then announced: on CI's loaded machine that took
  // longer than the fixed 15 s this wait had (2026-11-30).
  await expect(entry).toBeVisible({ timeout: 30_000 * TIME_SCALE });
  await entry.getByTestId('voicemail-play').click();
  const audio = entry.getByTestId('voicemail-audio');
  await expect(audio).toHaveAttribute('src', /^blob:/);
  // The browser reads the recording: it has a length.
  await expect
    .poll(
      () =>
        audio.evaluate((el: HTMLAudioElement) =>
          Number.isFinite(el.duration) ? el.duration : el.readyState,
        ),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/calls-voicemail-timeline.png' });
  await schedule.restore();
});
