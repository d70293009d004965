import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsDemoUser } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';

/**
 * Authoring journey (docs/behaviour/library.md, "Authoring"): marketing (the demo devops) writes a
 * protocol of three slides in fr-CA in the editor (typing in the rich-text editor, moving a slide
 * with the keyboard), saves it as a draft, meets the conflict warning when someone else saves it
 * meanwhile, previews it and publishes it; an agent finds it and sends its link to the phone
 * simulator, and the patient opens that link without sign-in. Axe on the editor, its preview and
 * the read view; screenshots of the editor in fr-CA and en-CA at 1440×900 and 1024×768 (the
 * test's output folder).
 */

/** The section of the editor at `position` (1-based), whatever its name. */
const section = (page: Page, kind: 'Étape' | 'Diapositive', position: number): Locator =>
  page.getByRole('listitem', { name: new RegExp(`^${kind} ${position} :`) });

/** Types `text` in the rich-text editor of a section's first sub-section. */
async function typeBody(card: Locator, text: string) {
  const body = card.getByRole('textbox', { name: 'Contenu de la sous-section 1' });
  await body.click();
  await body.pressSequentially(text);
}

test('a protocol authored in the editor, published, sent to a phone and opened by the patient', async ({
  page,
  browser,
}, testInfo) => {
  // Typing in the rich-text editor, four axe runs, three browser contexts: 5.7 min with CI’s scale
  // of 2 on a slow 2-core machine (2026-11-30), near the 6 it had.
  journeyTimeout(300_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const title = `Soins après un détartrage ${suffix}`;
  await signInAsDemoUser(page, 'devops');

  // From the library's protocols, a new one.
  await page.goto('/material/1');
  await page.getByRole('link', { name: 'Nouveau protocole' }).click();
  await expect(page).toHaveURL(/\/content-management\/create\/1$/);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Identifiant (alias)' }).fill(`detartrage-${suffix}`);
  await page.getByRole('textbox', { name: 'Titre du contenu' }).fill(title);
  await page.getByRole('textbox', { name: 'Résumé court' }).fill('Les premiers jours après le détartrage.');
  const step = section(page, 'Étape', 1);
  await step.getByRole('textbox', { name: 'Titre de la section' }).fill('Le premier jour');
  await typeBody(step, 'Quelques conseils pour les gencives.');
  const slides: [string, string][] = [
    ['Rinçage', 'Rincez à l’eau salée tiède.'],
    ['Brossage', 'Brossez doucement avec une brosse souple.'],
    ['Sensibilité', 'Une sensibilité au froid passe en quelques jours.'],
  ];
  for (const [i, [label, body]] of slides.entries()) {
    await page.getByRole('button', { name: 'Ajouter une diapositive à la dernière étape' }).click();
    const card = section(page, 'Diapositive', i + 2);
    await card.getByRole('textbox', { name: 'Libellé de la diapositive' }).fill(label);
    await typeBody(card, body);
  }

  // A hyphen in the identifier is refused by the server, under the field.
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page.getByText('Lettres, chiffres et _ seulement, sans trait d’union.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Identifiant (alias)' }).fill(`detartrage_${suffix}`);

  // The last slide moves up one place with the keyboard (its handle: Space, arrow up, Space).
  await section(page, 'Diapositive', 4).getByRole('button', { name: 'Déplacer « Sensibilité »' }).focus();
  // Each step is announced to screen readers.
  await page.keyboard.press('Space');
  await expect(page.getByText('« Sensibilité » en position 4.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('« Sensibilité » en position 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('« Sensibilité » déposée en position 3.')).toBeAttached();
  await expect(page.getByRole('listitem', { name: 'Diapositive 3 : Sensibilité' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Diapositive 4 : Brossage' })).toBeVisible();

  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/content-management\/edit\/1\/[0-9a-f-]{36}$/);
  const postId = page.url().split('/').pop()!;
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'editor-fr-CA');

  // Someone else (another tab) saves the post meanwhile: the autosave of the next change warns, and the author keeps theirs.
  const otherPage = await page.context().newPage();
  await otherPage.goto(`/content-management/edit/1/${postId}`);
  await otherPage.getByRole('textbox', { name: 'Résumé court' }).fill('Changé par une collègue.');
  await otherPage.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(otherPage.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();
  await otherPage.close();
  await page
    .getByRole('textbox', { name: 'Résumé court' })
    .fill('Les trois premiers jours après le détartrage.');
  const conflict = page.getByRole('dialog', { name: 'Quelqu’un d’autre a enregistré ce contenu' });
  await expect(conflict).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await conflict.getByRole('button', { name: 'Garder la mienne' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();

  // The preview shows it as the patient will see it.
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const preview = page.getByRole('dialog', { name: 'Aperçu : ce que verra le patient' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByRole('article')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
  await preview.getByRole('button', { name: 'Fermer l’aperçu' }).click();

  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Publié', { exact: true })).toBeVisible();

  // The editor in English (signed in from the English login page).
  {
    const english = await browser.newContext();
    const en = await english.newPage();
    await en.goto('/login?lang=en');
    await en.getByLabel('Username').fill('devops');
    await en.getByLabel('Password', { exact: true }).fill('Demo-Accueil-2026');
    await en.getByTestId('login-submit').click();
    await expect(en).toHaveURL(/\/conversations$/);
    await en.goto(`/content-management/edit/1/${postId}`);
    await expect(en.getByRole('heading', { name: 'Edit content' })).toBeVisible();
    await screenshots(en, testInfo, 'editor-en-CA');
    await english.close();
  }

  // An agent finds it, reads it, and sends its link to a contact's phone.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAsDemoUser(agent, 'agent');
  await agent.goto('/material/1');
  await agent.getByRole('searchbox', { name: 'Rechercher' }).fill(`détartrage ${suffix}`);
  await agent.getByRole('link', { name: title }).click();
  const articles = agent.getByRole('article');
  await expect(articles).toHaveCount(3);
  await expect(articles.nth(1)).toHaveAccessibleName('Sensibilité');
  expect(await seriousViolations(agent)).toEqual([]);

  const contactNumber = `+1438555${suffix}`;
  const device = await textFromSimulator(
    await agentContext.newPage(),
    contactNumber,
    `Les conseils du détartrage ${suffix}?`,
  );

  await agent.getByRole('link', { name: 'Conversations' }).click();
  await agent
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: `(438) 555-${suffix}` })
    .click();
  await agent.getByRole('button', { name: 'Envoyer un contenu de la bibliothèque' }).click();
  const picker = agent.getByRole('dialog', { name: 'Envoyer un contenu' });
  await picker.getByRole('searchbox', { name: 'Rechercher' }).fill(`détartrage ${suffix}`);
  await picker.getByRole('button', { name: `Envoyer « ${title} »` }).click();
  const composer = agent.getByRole('textbox', { name: 'Message' });
  await expect(composer).toHaveValue(/\/l\/[A-Za-z0-9_-]+$/);
  const shortUrl = (await composer.inputValue()).trim();
  await composer.press('Enter');
  await expect(device.getByText(shortUrl)).toBeVisible();

  // The patient opens the link, signed out.
  const patient = await browser.newContext();
  const reader = await patient.newPage();
  await reader.goto(new URL(shortUrl).pathname);
  await expect(reader).toHaveURL(new RegExp(`/p/[0-9a-f-]+/${postId}`));
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expect(reader.getByRole('article')).toHaveCount(3);
  await expect(reader.getByText('Rincez à l’eau salée tiède.')).toBeVisible();
  expect(await seriousViolations(reader)).toEqual([]);
  await patient.close();
  await agentContext.close();
});
