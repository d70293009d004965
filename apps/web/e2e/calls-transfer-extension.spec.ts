import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { restoreDemoSettings, setDemoSchedule } from './support/demo-schedule';
import { closeOpenedContexts } from './support/close-opened-contexts';
import { saveDemoUserLocale, signInAsDemoUser } from './support/sign-in-as-admin';
import { openSimulatorAs } from './support/text-from-simulator';

// A journey that fails before putting the schedule or the queue back must not leave them so.
// Whatever a failed journey left: its pages and calls, the agent in English, the schedule open.
test.afterEach(async ({ browser, context, request }) => {
  await closeOpenedContexts(browser, context);
  await saveDemoUserLocale(request, 'agent', 'fr-CA');
});
test.afterEach(restoreDemoSettings);

/**
 * Transfers to a transfer extension on the sandbox voice network (docs/behaviour/calls.md,
 * "Call actions" and "Sandbox calls"): the demo clinic's tier has extension transfers (code 2),
 * so the transfer dialog offers its extensions; a transfer to one rings the phone simulator
 * opened on the extension's number, which answers, shows the extension's digits and talks with
 * the caller. Each journey adds its own extension through the API and removes it afterwards.
 */

/** The demo administrator's bearer headers, through the API (a new session each time). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Demo-Accueil-2026' },
  });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
}

/** Adds a transfer extension (as the administrator); `remove` takes it away again. */
async function addExtension(
  request: APIRequestContext,
  body: { name: string; phoneNumber: string; extension: string | null },
) {
  const created = await request.post('/api/transfer-extension', {
    headers: await adminHeaders(request),
    data: body,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return {
    id,
    remove: async () => {
      const removed = await request.delete(`/api/transfer-extension/${id}`, {
        headers: await adminHeaders(request),
      });
      expect(removed.status(), `the extension removed: ${removed.status()}`).toBe(204);
    },
  };
}

/** The agent in a browser of their own (its viewport), their voice device ready; a simulator calls the team and the agent answers. */
async function agentOnCall(
  browser: Browser,
  viewport: { width: number; height: number },
  callerNumber: string,
  english = false,
) {
  const context = await browser.newContext({ viewport });
  const agent = await context.newPage();
  await signInAsDemoUser(agent, 'agent');
  if (english) {
    await agent.getByTestId('language-menu').click();
    await agent.getByTestId('language-option-en-CA').click();
  }
  await agent
    .getByRole('region', { name: english ? 'Conversation list' : 'Liste des conversations' })
    .getByRole('option')
    .first()
    .click();
  await expect(agent.getByTestId('call-button')).toBeVisible();
  const phoneContext = await browser.newContext();
  const caller = await phoneContext.newPage();
  await openSimulatorAs(caller, callerNumber);
  await caller.getByTestId('phone-dial').click();
  const panel = agent.getByRole('region', { name: english ? 'Incoming call' : 'Appel entrant' });
  await panel.getByRole('button', { name: english ? 'Answer' : 'Répondre' }).click();
  await expect(caller.getByTestId('phone-call-state')).toHaveText('En communication');
  return { context, agent, phoneContext, caller, panel };
}

/** Screenshots of the page at both sizes the house checks (the current one first). */
async function shootBothSizes(page: Page, name: string, sizes: { width: number; height: number }[]) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/${name}-${size.width}.png` });
  }
}

test('the agent transfers a call to an extension: its simulator rings, answers, shows the digits and talks with the caller', async ({
  browser,
  request,
}) => {
  const schedule = await setDemoSchedule(request, 'open');
  const suffix = String((Date.now() % 9000) + 1000);
  const outside = `+1438561${suffix}`;
  const extension = await addExtension(request, {
    name: `Laboratoire ${suffix}`,
    phoneNumber: outside,
    extension: '204',
  });
  const { context, agent, phoneContext, caller, panel } = await agentOnCall(
    browser,
    { width: 1440, height: 900 },
    `+1438560${suffix}`,
  );
  try {
    // The extension's phone, watching its number.
    const lab = await phoneContext.newPage();
    await openSimulatorAs(lab, outside);

    await panel.getByTestId('call-transfer').click();
    const dialog = agent.getByRole('dialog', { name: 'Transférer l’appel' });
    await dialog.getByTestId('transfer-list').getByText('Postes', { exact: true }).click();
    await expect(dialog.getByTestId('transfer-confirm')).toBeDisabled();
    const choice = dialog.getByRole('radio', { name: new RegExp(`Laboratoire ${suffix}`) });
    await expect(choice).toBeVisible();
    await expect(dialog).toContainText(`(438) 561-${suffix}, poste 204`);
    expect(await seriousViolations(agent)).toEqual([]);
    await shootBothSizes(agent, 'calls-transfer-extensions-fr', [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
    ]);
    await choice.check();
    await expect(dialog.getByTestId('transfer-confirm')).toBeEnabled();
    await dialog.getByTestId('transfer-confirm').click();
    await expect(panel).toHaveCount(0);

    // The extension's simulator rings (the team calling), answers, shows the digits; the caller is put through.
    await expect(lab.getByTestId('phone-call-state')).toHaveText('Appel entrant de (514) 555-0100');
    await lab.getByTestId('phone-answer').click();
    await expect(lab.getByTestId('phone-call-state')).toHaveText('En communication');
    await expect(lab.getByTestId('phone-call-digits')).toHaveText('Chiffres reçus (poste) : 204');
    await expect(caller.getByTestId('phone-call-state')).toHaveText('En communication');
    expect(await seriousViolations(lab)).toEqual([]);
    await lab.screenshot({ path: 'test-results/calls-transfer-extension-simulator.png' });

    // The extension hangs up: the whole call ends.
    await lab.getByTestId('phone-hang-up').click();
    await expect(caller.getByTestId('phone-call-state')).toHaveText('Aucun appel.');
  } finally {
    await extension.remove();
    await context.close();
    await phoneContext.close();
    await schedule.restore();
  }
});

test('in English, the transfer dialog offers the extensions at 1024 and 1440 px', async ({
  browser,
  request,
}) => {
  const schedule = await setDemoSchedule(request, 'open');
  const suffix = String((Date.now() % 9000) + 1000);
  const extension = await addExtension(request, {
    name: `Pharmacie ${suffix}`,
    phoneNumber: `+1438562${suffix}`,
    extension: null,
  });
  const { context, agent, phoneContext, caller, panel } = await agentOnCall(
    browser,
    { width: 1024, height: 768 },
    `+1438563${suffix}`,
    true,
  );
  try {
    await panel.getByTestId('call-transfer').click();
    const dialog = agent.getByRole('dialog', { name: 'Transfer the call' });
    await expect(dialog.getByRole('radio', { name: 'Users' })).toBeChecked();
    await dialog.getByTestId('transfer-list').getByText('Extensions', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: new RegExp(`Pharmacie ${suffix}`) })).toBeVisible();
    await expect(dialog.getByTestId('transfer-confirm')).toBeDisabled();
    expect(await seriousViolations(agent)).toEqual([]);
    await shootBothSizes(agent, 'calls-transfer-extensions-en', [
      { width: 1024, height: 768 },
      { width: 1440, height: 900 },
    ]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await caller.getByTestId('phone-hang-up').click();
    await expect(panel).toHaveCount(0);
  } finally {
    await extension.remove();
    await context.close();
    await phoneContext.close();
    await schedule.restore();
  }
});
