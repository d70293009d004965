import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin, signInAsDemoUser } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';

/**
 * Assignment in the browser (docs/behaviour/assignment.md, "Web"): two agents of team Principal in
 * two pages. The administrator assigns a new conversation to the agent from the header; the agent
 * is told by a toast and finds it under Mine with its count; the administrator archives it and
 * undoes the archive from the toast, then archives it for good.
 */
test('an agent assigns a conversation to another, who is told and finds it under Mine; an archive is undone', async ({
  browser,
}, testInfo) => {
  // Two signed-in browsers, a simulator, two axe runs: 2.5 min with CI's scale of 2 on a slow machine.
  journeyTimeout(150_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const displayed = `(438) 558-${suffix}`;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAsDemoUser(agent, 'agent');

  // A new (unassigned) conversation: a text from the phone simulator.
  const phone = await adminContext.newPage();
  await textFromSimulator(phone, `+1438558${suffix}`, 'Bonjour, une question sur ma facture');
  await phone.close();

  const agentViews = agent.getByRole('tablist', { name: 'Vues de la boîte de réception' });
  const agentMine = agentViews.getByRole('tab', { name: /À moi/ });
  const mineBefore = Number((await agentMine.textContent())?.replace(/\D/g, '') || 0);

  // The administrator opens it from Unassigned and assigns it to Julien Roy from the header.
  const adminList = admin.getByRole('region', { name: 'Liste des conversations' });
  await admin.getByRole('tab', { name: /Non assignées/ }).click();
  await adminList.getByRole('option', { name: new RegExp(displayed.replace(/[()]/g, '\\$&')) }).click();
  await admin.getByTestId('assign-button').click();
  // The agent's toast shows for a few seconds only: watched from before the click.
  const agentTold = expect(
    agent.getByText(`Sophie Gagnon vous a assigné la conversation avec ${displayed}`),
  ).toBeVisible();
  await admin.getByRole('menuitem', { name: 'Julien Roy' }).click();
  await expect(admin.getByText('Conversation assignée à Julien Roy')).toBeVisible();
  await expect(admin.getByTestId('assign-button')).toContainText('Julien Roy');
  // It leaves Unassigned at once, and its row shows the assignee's initials.
  await expect(
    adminList.getByRole('option', { name: new RegExp(displayed.replace(/[()]/g, '\\$&')) }),
  ).toHaveCount(0);
  await admin.getByRole('tab', { name: /Toutes/ }).click();
  await expect(adminList.getByRole('img', { name: 'Assignée à Julien Roy' }).first()).toBeVisible();

  // The agent is told, and finds it under Mine, whose count grew.
  await agentTold;
  await expect(agentMine).toContainText(String(mineBefore + 1));
  await agentMine.click();
  await expect(
    agent
      .getByRole('region', { name: 'Liste des conversations' })
      .getByRole('option', { name: new RegExp(displayed.replace(/[()]/g, '\\$&')) }),
  ).toBeVisible();
  expect(await seriousViolations(agent)).toEqual([]);
  await screenshots(agent, testInfo, 'assignment-mine-fr-CA');

  // The assign menu, looked at and checked by axe.
  await admin.getByTestId('assign-button').click();
  await expect(admin.getByTestId('assign-menu')).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshots(admin, testInfo, 'assignment-menu-fr-CA');
  await admin.keyboard.press('Escape');

  // Archive, then Undo from its toast at once, as a person would: the toast closes 5 s after it
  // shows, and on a loaded machine checks made before the click outlasted it (the pointer resting
  // on it did not hold it when the list moved under it). The undo is checked on the server's
  // side too (a reload finds it active); the archive's own effects are checked after, once more
  // without undoing: it leaves the active list and the next conversation opens (assignment.md).
  const row = adminList.getByRole('option', { name: new RegExp(displayed.replace(/[()]/g, '\\$&')) });
  const itsHeader = admin.locator('header').filter({ hasText: displayed });
  await admin.getByRole('button', { name: 'Archiver' }).click();
  // Its own toast's Undo: the assignment's toast may still show beside it (5 s) on a quick run.
  await admin
    .getByRole('alert')
    .filter({ hasText: 'Conversation archivée' })
    .getByTestId('undo-button')
    .click();
  await expect(row).toBeVisible();
  await expect(itsHeader.getByRole('button', { name: 'Archiver' })).toBeVisible();
  await admin.reload();
  await admin.getByRole('tab', { name: /Toutes/ }).click();
  await expect(row).toBeVisible();
  await row.click();
  await admin.getByRole('button', { name: 'Archiver' }).click();
  await expect(row).toHaveCount(0);
  await expect(itsHeader).toHaveCount(0);

  await adminContext.close();
  await agentContext.close();
});
