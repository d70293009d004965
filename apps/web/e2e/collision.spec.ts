import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin, signInAsDemoUser } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';

/**
 * Collision warnings (docs/behaviour/notes-and-presence.md): Sophie Gagnon (the administrator, in
 * French) and Julien Roy (the agent, in English) open the same new conversation. Each sees the
 * other viewing and typing; Sophie replies while Julien writes, so Julien's send is refused with
 * "Sophie Gagnon replied … Send anyway?" and goes when he says so; Sophie, who had begun a reply
 * before it, is warned in turn and cancels: her draft stays in the composer.
 */
test('two agents see each other viewing and typing; a reply sent meanwhile is warned about, sent anyway or kept', async ({
  browser,
}, testInfo) => {
  // Two signed-in browsers and a phone simulator, each step waiting on the other's events.
  journeyTimeout(300_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const displayed = new RegExp(`\\(438\\) 559-${suffix}`);

  const sophieContext = await browser.newContext();
  const sophie = await sophieContext.newPage();
  await signInAsAdmin(sophie);
  const julienContext = await browser.newContext();
  const julien = await julienContext.newPage();
  await signInAsDemoUser(julien, 'agent');
  await julien.getByTestId('language-menu').click();
  await julien.getByTestId('language-option-en-CA').click();

  const phone = await sophieContext.newPage();
  await textFromSimulator(phone, `+1438559${suffix}`, 'Bonjour, puis-je déplacer mon rendez-vous ?');
  await phone.close();

  const open = async (page: Page, list: string) =>
    page.getByRole('region', { name: list }).getByRole('option', { name: displayed }).click();
  await open(sophie, 'Liste des conversations');
  await open(julien, 'Conversation list');
  const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

  // Each sees the other in the header.
  await expect(julien.getByRole('img', { name: 'Sophie Gagnon is viewing' })).toBeVisible();
  await expect(sophie.getByRole('img', { name: 'Julien Roy consulte cette conversation' })).toBeVisible();

  // Sophie types: Julien is told, in the polite status under his composer.
  await composer(sophie).pressSequentially('Bonjour, oui bien sûr.', { delay: 40 });
  await expect(julien.getByRole('status').filter({ hasText: 'Sophie Gagnon is typing…' })).toBeVisible();
  expect(await seriousViolations(julien)).toEqual([]);
  await screenshots(julien, testInfo, 'collision-typing-en-CA');

  // Julien begins his own reply: Sophie sees him typing.
  await composer(julien).pressSequentially('Hello, I can move it to Tuesday.', { delay: 40 });
  await expect(sophie.getByRole('status').filter({ hasText: 'Julien Roy écrit…' })).toBeVisible();
  await screenshots(sophie, testInfo, 'collision-typing-fr-CA');

  // Sophie sends hers first; Julien's send is then refused with the warning.
  await composer(sophie).press('Enter');
  await expect(julien.getByText('Bonjour, oui bien sûr.').first()).toBeVisible();
  await composer(julien).press('Enter');
  const warning = julien.getByRole('dialog', { name: 'Someone replied meanwhile' });
  await expect(warning).toContainText('Sophie Gagnon replied');
  await expect(warning).toContainText('Send anyway?');
  expect(await seriousViolations(julien)).toEqual([]);
  await screenshots(julien, testInfo, 'collision-replied-meanwhile-en-CA');

  // Sophie begins a second text before Julien sends anyway.
  await composer(sophie).pressSequentially('Mardi 10 h ?', { delay: 40 });
  await warning.getByRole('button', { name: 'Send anyway' }).click();
  await expect(warning).toBeHidden();
  await expect(composer(julien)).toHaveValue('');
  await expect(sophie.getByText('Hello, I can move it to Tuesday.').first()).toBeVisible();

  // Sophie is warned in turn and cancels: her draft stays.
  await composer(sophie).press('Enter');
  const avertissement = sophie.getByRole('dialog', { name: 'Quelqu’un a répondu entre-temps' });
  await expect(avertissement).toContainText('Julien Roy a répondu');
  expect(await seriousViolations(sophie)).toEqual([]);
  await screenshots(sophie, testInfo, 'collision-replied-meanwhile-fr-CA');
  await avertissement.getByRole('button', { name: 'Annuler' }).click();
  await expect(avertissement).toBeHidden();
  await expect(composer(sophie)).toHaveValue('Mardi 10 h ?');

  // Julien closes the conversation (back to French, as the other journeys expect him): Sophie no longer sees him.
  await julien.getByTestId('language-menu').click();
  await julien.getByTestId('language-option-fr-CA').click();
  await julien.goto('/agenda');
  await expect(sophie.getByRole('img', { name: 'Julien Roy consulte cette conversation' })).toHaveCount(0);

  await sophieContext.close();
  await julienContext.close();
});
